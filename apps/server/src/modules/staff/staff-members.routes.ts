import type { RouteAccess } from '@esim/contracts';
import {
  changeStaffMemberBodySchema,
  createStaffMemberBodySchema,
  pagedStaffMembersSchema,
  staffMemberDetailSchema,
  staffMemberIdParamsSchema,
  staffMemberResponseSchema,
  staffMembersQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import {
  changeStaffMember,
  createStaffMember,
  getStaffMember,
  listStaffMembers,
} from './staff-members.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** Staff accounts (issue 12), mounted at /api/staff: create with an invitation, list, change role or state. */
export const staffMembersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/staff-members',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Staff accounts with their roles',
          querystring: staffMembersQuerySchema,
          response: { 200: pagedStaffMembersSchema },
        },
      },
      async (request) => listStaffMembers(deps, request.query),
    );

    app.post(
      '/staff-members',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Create a staff account and e-mail an invitation to choose a password',
          body: createStaffMemberBodySchema,
          response: { 201: staffMemberResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(
          await createStaffMember(deps, {
            staffUserId: userIdOf(request),
            body: request.body,
            locale: request.locale,
            t: request.t,
          }),
        ),
    );

    app.get(
      '/staff-members/:staffId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'A staff account and the history of changes to it',
          params: staffMemberIdParamsSchema,
          response: { 200: staffMemberDetailSchema },
        },
      },
      async (request) => getStaffMember(deps, request.params.staffId),
    );

    app.patch(
      '/staff-members/:staffId',
      {
        config: { access },
        schema: {
          tags,
          summary: "Change a staff member's role, or deactivate or reactivate them (never the last admin)",
          params: staffMemberIdParamsSchema,
          body: changeStaffMemberBodySchema,
          response: { 200: staffMemberResponseSchema },
        },
      },
      async (request) =>
        changeStaffMember(deps, {
          staffUserId: userIdOf(request),
          staffId: request.params.staffId,
          body: request.body,
          t: request.t,
        }),
    );
  };
