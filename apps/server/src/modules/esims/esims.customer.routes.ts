import {
  customerEsimInstallSchema,
  customerEsimSchema,
  customerEsimsResponseSchema,
  esimIdParamsSchema,
  topUpPackagesResponseSchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import {
  getCustomerEsimInstall,
  listCustomerEsims,
  listTopUpPackages,
  refreshCustomerEsimUsage,
} from './esims.service';

const tags = ['customer'];

/**
 * The customer dashboard's eSIMs (issue 5), mounted at /api/account: own eSIMs, their QR codes, usage and the
 * packages that fit them. Someone else's id answers 404; shop and staff tokens are refused.
 */
export const esimsCustomerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/esims',
      {
        config: { access: { kinds: ['customer'] } },
        schema: {
          tags,
          summary: 'Own eSIMs with their packages and data usage',
          response: { 200: customerEsimsResponseSchema },
        },
      },
      async (request) => ({ items: await listCustomerEsims(deps, userIdOf(request)) }),
    );

    app.get(
      '/esims/:esimId/install',
      {
        config: { access: { kinds: ['customer'] } },
        schema: {
          tags,
          summary: 'QR code, manual details and one-tap link of an own eSIM',
          params: esimIdParamsSchema,
          response: { 200: customerEsimInstallSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return getCustomerEsimInstall(deps, userIdOf(request), request.params.esimId);
      },
    );

    app.post(
      '/esims/:esimId/usage',
      {
        config: { access: { kinds: ['customer'] } },
        schema: {
          tags,
          summary: "Refresh an own eSIM's data usage from the provider now",
          params: esimIdParamsSchema,
          response: { 200: customerEsimSchema },
        },
      },
      async (request) => refreshCustomerEsimUsage(deps, userIdOf(request), request.params.esimId),
    );

    app.get(
      '/esims/:esimId/top-up-packages',
      {
        config: { access: { kinds: ['customer'] } },
        schema: {
          tags,
          summary: 'Packages that can be added to an own eSIM (same provider and destination)',
          params: esimIdParamsSchema,
          response: { 200: topUpPackagesResponseSchema },
        },
      },
      async (request) => ({
        items: await listTopUpPackages(deps, userIdOf(request), request.params.esimId, request.locale),
      }),
    );
  };
