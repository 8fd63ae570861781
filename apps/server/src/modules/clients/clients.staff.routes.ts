import type { RouteAccess } from '@esim/contracts';
import {
  clientActionBodySchema,
  clientActionParamsSchema,
  clientActionResponseSchema,
  clientDetailSchema,
  clientIdParamsSchema,
  clientsCsvQuerySchema,
  clientsQuerySchema,
  pagedClientsSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import { actOnClient, exportClients, getClientDetail, listClients } from './clients.service';

const tags = ['staff'];

/** Editors work on the client screens as admins do; analytics does not (SPEC section 6). */
const access: RouteAccess = { staff: 'adminAndEditor' };

/** The staff dashboard's clients (issue 12), mounted at /api/staff. */
export const clientsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/clients',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Clients (customers): search, filters, sorting, one page',
          querystring: clientsQuerySchema,
          response: { 200: pagedClientsSchema },
        },
      },
      async (request) => listClients(deps, request.query),
    );

    app.get(
      '/clients.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Every client matching the filters as a CSV download (streamed)',
          querystring: clientsCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'clients.csv', exportClients(deps, request.query)),
    );

    app.get(
      '/clients/:clientId',
      {
        config: { access },
        schema: {
          tags,
          summary: "A client's profile, latest orders, eSIMs and history of staff changes",
          params: clientIdParamsSchema,
          response: { 200: clientDetailSchema },
        },
      },
      async (request) => getClientDetail(deps, request.params.clientId),
    );

    app.post(
      '/clients/:clientId/:action',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Block, unblock, delete (soft), restore a client, or e-mail them a password reset',
          params: clientActionParamsSchema,
          body: clientActionBodySchema,
          response: { 200: clientActionResponseSchema },
        },
      },
      async (request) =>
        actOnClient(deps, {
          staffUserId: userIdOf(request),
          clientId: request.params.clientId,
          action: request.params.action,
          version: request.body.version,
          t: request.t,
        }),
    );
  };
