import { customerEsimSchema, customerOrderSchema } from './customer';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { countryCodeField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * The staff dashboard's clients (customers): all users, blocked and deleted (SPEC section 2 "Clients"), a
 * client's detail and the actions on them (issue 12). Editors may use these as admins do (SPEC section 6).
 */

/** `deleted`: soft-deleted, restorable for `clientRestoreDays`; afterwards a job anonymises the personal data. */
export const clientStatuses = ['active', 'blocked', 'deleted'] as const;
export type ClientStatus = (typeof clientStatuses)[number];
export const clientRestoreDays = 30;

export const clientSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    locale: z.string(),
    status: z.enum(clientStatuses),
    hasActiveEsim: z.boolean(),
    ordersCount: z.number().int(),
    createdAt: z.string(),
    deletedAt: z.string().nullable(),
    /** The record's version: an action sends it back, and a record changed since is refused (RECORD_CHANGED). */
    version: z.string(),
  })
  .register(apiSchemas, { id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

/** Not by order count: that is a count per client over all orders, too slow to sort 100,000 clients by. */
export const clientSortFields = ['createdAt', 'lastName', 'email'] as const;

const yesNo = z.enum(['yes', 'no']);

/** All users without `status` are every client not deleted; the blocked and deleted screens pin a status. */
export const clientsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(clientSortFields).default('-createdAt'),
  q: z.string().trim().max(100).optional(),
  status: z.enum(clientStatuses).optional(),
  country: countryCodeField.optional(),
  hasActiveEsim: yesNo.optional(),
  createdAtFrom: z.iso.date().optional(),
  createdAtTo: z.iso.date().optional(),
});
export type ClientsQuery = z.infer<typeof clientsQuerySchema>;
export const clientsCsvQuerySchema = clientsQuerySchema.omit({ page: true, pageSize: true });
export type ClientsCsvQuery = z.infer<typeof clientsCsvQuerySchema>;
export const pagedClientsSchema = pagedSchema(clientSchema, 'PagedClients');

export const clientIdParamsSchema = z.object({ clientId: z.uuid() });

/** One change a staff member made to a record (the audit log), newest first in a record's history. */
export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.string(),
    staffName: z.string(),
    staffEmail: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const clientDetailSchema = z
  .object({
    client: clientSchema,
    /** The latest orders (the full list is on the orders screens). */
    orders: z.array(customerOrderSchema),
    ordersTotal: z.number().int(),
    esims: z.array(customerEsimSchema),
    history: z.array(auditEntrySchema),
  })
  .register(apiSchemas, { id: 'ClientDetail' });
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** What a client action takes: the version the staff member saw (a second, stale save is refused). */
export const clientActionBodySchema = z.strictObject({ version: z.string().min(1).max(64) });
export type ClientActionBody = z.infer<typeof clientActionBodySchema>;

export const clientActions = ['block', 'unblock', 'delete', 'restore', 'password-reset'] as const;
export type ClientAction = (typeof clientActions)[number];
export const clientActionParamsSchema = clientIdParamsSchema.extend({ action: z.enum(clientActions) });

export const clientActionResponseSchema = z
  .object({ client: clientSchema, message: z.string() })
  .register(apiSchemas, { id: 'ClientActionResult' });
export type ClientActionResponse = z.infer<typeof clientActionResponseSchema>;
