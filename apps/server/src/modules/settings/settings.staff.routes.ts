import type { RouteAccess } from '@esim/contracts';
import {
  esimReleasesQuerySchema,
  freeEsimsBodySchema,
  freeEsimsResponseSchema,
  generalOptionsResponseSchema,
  pagedEsimReleasesSchema,
  policyParamsSchema,
  policyResponseSchema,
  restoreVersionBodySchema,
  saveGeneralOptionsBodySchema,
  savePolicyBodySchema,
  settingSavedSchema,
  versionIdParamsSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { freeEsims, listEsimReleases } from './esim-releases.service';
import {
  getGeneralOptionsForStaff,
  getPolicyForStaff,
  restoreVersion,
  saveGeneralOptions,
  savePolicy,
} from './settings.service';

const tags = ['staff'];
const adminOnly: RouteAccess = { staff: 'adminOnly' };
/** SPEC section 6: the privacy-policy and terms settings are open to every staff role. */
const everyStaff: RouteAccess = { staff: 'everyStaff' };

/** Settings (issue 32), mounted at /api/staff: general options, eSIMs to free, privacy policy and terms. */
export const settingsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/general',
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary: 'The general options, their version and the version history',
          response: { 200: generalOptionsResponseSchema },
        },
      },
      async () => getGeneralOptionsForStaff(deps),
    );

    app.put(
      '/settings/general',
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary: 'Save the general options as a new version (a stale version is refused)',
          body: saveGeneralOptionsBodySchema,
          response: { 200: settingSavedSchema },
        },
      },
      async (request) =>
        saveGeneralOptions(deps, {
          options: request.body.options,
          version: request.body.version,
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );

    app.post(
      '/settings/general/versions/:versionId/restore',
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary: 'Restore an earlier version of the general options (itself a new version)',
          params: versionIdParamsSchema,
          body: restoreVersionBodySchema,
          response: { 200: settingSavedSchema },
        },
      },
      async (request) =>
        restoreVersion(deps, {
          subject: 'general',
          locale: '',
          versionId: request.params.versionId,
          version: request.body.version,
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );

    app.get(
      '/settings/policies/:key/:locale',
      {
        config: { access: everyStaff },
        schema: {
          tags,
          summary: 'The privacy policy or terms in one locale, with its version history',
          params: policyParamsSchema,
          response: { 200: policyResponseSchema },
        },
      },
      async (request) => getPolicyForStaff(deps, request.params.key, request.params.locale),
    );

    app.put(
      '/settings/policies/:key/:locale',
      {
        config: { access: everyStaff },
        schema: {
          tags,
          summary: 'Save the privacy policy or terms in one locale as a new version',
          params: policyParamsSchema,
          body: savePolicyBodySchema,
          response: { 200: settingSavedSchema },
        },
      },
      async (request) =>
        savePolicy(deps, {
          key: request.params.key,
          locale: request.params.locale,
          text: { title: request.body.title, body: request.body.body },
          version: request.body.version,
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );

    app.post(
      '/settings/policies/:key/:locale/versions/:versionId/restore',
      {
        config: { access: everyStaff },
        schema: {
          tags,
          summary: 'Restore an earlier version of the privacy policy or terms in one locale',
          params: policyParamsSchema.extend(versionIdParamsSchema.shape),
          body: restoreVersionBodySchema,
          response: { 200: settingSavedSchema },
        },
      },
      async (request) =>
        restoreVersion(deps, {
          subject: request.params.key,
          locale: request.params.locale,
          versionId: request.params.versionId,
          version: request.body.version,
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );

    app.get(
      '/settings/esim-releases',
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary: 'eSIMs listed to be freed (pending) or freed, with date and reason',
          querystring: esimReleasesQuerySchema,
          response: { 200: pagedEsimReleasesSchema },
        },
      },
      async (request) => listEsimReleases(deps, request.query),
    );

    app.post(
      '/settings/esim-releases/free',
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary: 'Free the chosen listed eSIMs at the provider (each once)',
          body: freeEsimsBodySchema,
          response: { 200: freeEsimsResponseSchema },
        },
      },
      async (request) =>
        freeEsims(deps, { ids: request.body.ids, staffUserId: userIdOf(request), t: request.t }),
    );
  };
