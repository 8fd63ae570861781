import { humanChallengeSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HumanCheck } from './human-check.service';

export const humanCheckRoutes =
  (deps: { humanCheck: HumanCheck }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/human-challenge',
      {
        config: { access: 'public' },
        schema: {
          tags: ['public'],
          summary:
            'A proof-of-work challenge (ALTCHA v2) for register, forgot-password, partner and contact forms',
          response: { 200: humanChallengeSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return deps.humanCheck.createChallenge();
      },
    );
  };
