import { nameField, staffRoleSchema } from './auth';
import { auditEntrySchema } from './clients';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { emailField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Staff accounts (issue 12): create a user with a role and an invitation (`/staff/create-user`), list them,
 * change a role, deactivate and reactivate (`/staff/manage-roles`). Admin only. The last active admin can never
 * be demoted or deactivated, and nobody changes their own role or deactivates themselves.
 */
export const staffMemberStatuses = ['active', 'deactivated'] as const;

export const staffMemberSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    status: z.enum(staffMemberStatuses),
    /** Whether they have chosen a password from their invitation yet. */
    invitationPending: z.boolean(),
    createdAt: z.string(),
    version: z.string(),
  })
  .register(apiSchemas, { id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMembersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'lastName', 'email']).default('lastName'),
  q: z.string().trim().max(100).optional(),
  role: staffRoleSchema.optional(),
  status: z.enum(staffMemberStatuses).optional(),
});
export type StaffMembersQuery = z.infer<typeof staffMembersQuerySchema>;
export const pagedStaffMembersSchema = pagedSchema(staffMemberSchema, 'PagedStaffMembers');

export const createStaffMemberBodySchema = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  role: staffRoleSchema,
});
export type CreateStaffMemberBody = z.infer<typeof createStaffMemberBodySchema>;

export const staffMemberIdParamsSchema = z.object({ staffId: z.uuid() });

/** A role change, deactivation or reactivation, with the version on screen (a stale one is RECORD_CHANGED). */
export const changeStaffMemberBodySchema = z.strictObject({
  version: z.string().min(1).max(64),
  role: staffRoleSchema.optional(),
  status: z.enum(staffMemberStatuses).optional(),
});
export type ChangeStaffMemberBody = z.infer<typeof changeStaffMemberBodySchema>;

export const staffMemberResponseSchema = z
  .object({ member: staffMemberSchema, message: z.string() })
  .register(apiSchemas, { id: 'StaffMemberResult' });
export type StaffMemberResponse = z.infer<typeof staffMemberResponseSchema>;

export const staffMemberDetailSchema = z
  .object({ member: staffMemberSchema, history: z.array(auditEntrySchema) })
  .register(apiSchemas, { id: 'StaffMemberDetail' });
export type StaffMemberDetail = z.infer<typeof staffMemberDetailSchema>;
