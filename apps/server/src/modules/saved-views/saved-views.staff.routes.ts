import type { RouteAccess } from '@esim/contracts';
import {
  createSavedViewBodySchema,
  savedViewIdParamsSchema,
  savedViewSchema,
  savedViewsQuerySchema,
  savedViewsResponseSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { getSavedViews, removeSavedView, saveView } from './saved-views.service';

const tags = ['staff'];
/** Every staff member keeps their own views; each list's data stays guarded by its own endpoint. */
const access: RouteAccess = { staff: 'everyStaff' };

/** Saved views of the staff lists (issue 12), mounted at /api/staff: own views only. */
export const savedViewsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/saved-views',
      {
        config: { access },
        schema: {
          tags,
          summary: "The caller's saved views of one list, by name",
          querystring: savedViewsQuerySchema,
          response: { 200: savedViewsResponseSchema },
        },
      },
      async (request) => getSavedViews(deps, userIdOf(request), request.query.listId),
    );

    app.post(
      '/saved-views',
      {
        config: { access },
        schema: {
          tags,
          summary: "Save a list's filters under a name (the same name again replaces them)",
          body: createSavedViewBodySchema,
          response: { 201: savedViewSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await saveView(deps, userIdOf(request), request.body)),
    );

    app.delete(
      '/saved-views/:viewId',
      {
        config: { access },
        schema: { tags, summary: 'Delete one of the caller’s saved views', params: savedViewIdParamsSchema },
      },
      async (request, reply) => {
        await removeSavedView(deps, userIdOf(request), request.params.viewId);
        return reply.code(204).send();
      },
    );
  };
