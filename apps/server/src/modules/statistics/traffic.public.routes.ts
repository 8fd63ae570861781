import { trafficBeaconSchema } from '@esim/contracts/traffic';
import { trafficLimits } from '@esim/contracts/traffic-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { createBeaconLimits, recordPageViews } from './traffic-beacon.service';

/**
 * The site's traffic beacon (ADR 0066), mounted at /api. `navigator.sendBeacon` posts a small JSON body and reads
 * no answer; it is sent as text/plain (no preflight, any browser), parsed as JSON here only.
 */
export const trafficPublicRoutes =
  (deps: Pick<AppDeps, 'db' | 'geo'>, beaconLimits = createBeaconLimits()): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('BAD_REQUEST'), undefined);
      }
    });
    app.post(
      '/traffic/views',
      {
        config: { access: 'public' },
        bodyLimit: trafficLimits.maxBodyBytes,
        schema: {
          tags: ['public'],
          summary:
            'Page views of one visit, sent by the site after consent to statistics cookies (bots ignored; a flood is dropped with 429)',
          body: trafficBeaconSchema,
        },
      },
      async (request, reply) => {
        const outcome = await recordPageViews({ ...deps, beaconLimits }, request.body, {
          ip: request.ip,
          headers: request.headers,
        });
        if (outcome === 'limited') throw new AppError('RATE_LIMITED');
        return reply.status(204).send();
      },
    );
  };
