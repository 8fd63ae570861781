import {
  type Client,
  type ClientAction,
  type ClientActionResponse,
  type ClientDetail,
  type ClientsCsvQuery,
  type ClientsQuery,
  clientRestoreDays,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { TFunction } from 'i18next';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import { revokeUserSessions } from '../auth/auth.repository';
import { sendPasswordReset } from '../auth/auth.service';
import { customerMay, restoreDeadlineOf } from '../auth/customer-lifecycle';
import { listCustomerEsims } from '../esims/esims.service';
import type { Mailer } from '../mail/mail.service';
import { listCustomerOrders } from '../orders/customer-orders.service';
import {
  type ClientListRow,
  type ClientRow,
  eraseDeletedClients,
  findClient,
  listClients as listClientRows,
  lockClient,
  streamClients,
  updateClient,
} from './clients.repository';

const statusOf = (user: Pick<ClientRow, 'status' | 'deletedAt'>): Client['status'] =>
  user.deletedAt ? 'deleted' : user.status;

const toClient = ({ user, hasActiveEsim, ordersCount }: ClientListRow): Client => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  country: user.country,
  locale: user.locale,
  status: statusOf(user),
  hasActiveEsim,
  ordersCount,
  createdAt: user.createdAt.toISOString(),
  deletedAt: user.deletedAt?.toISOString() ?? null,
  version: user.updatedAt.toISOString(),
});

/** One page of clients (staff: admin and editor). */
export const listClients = async (deps: { db: Db }, query: ClientsQuery) => {
  const { rows, total } = await listClientRows(deps.db, query, query);
  return toPaged(query, total, rows.map(toClient));
};

const clientCsvColumns: CsvColumn<Client>[] = [
  { header: 'firstName', value: (c) => c.firstName },
  { header: 'lastName', value: (c) => c.lastName },
  { header: 'email', value: (c) => c.email },
  { header: 'phone', value: (c) => c.phone },
  { header: 'country', value: (c) => c.country },
  { header: 'status', value: (c) => c.status },
  { header: 'hasActiveEsim', value: (c) => (c.hasActiveEsim ? 'yes' : 'no') },
  { header: 'ordersCount', value: (c) => c.ordersCount },
  { header: 'createdAt', value: (c) => c.createdAt },
  { header: 'deletedAt', value: (c) => c.deletedAt },
];

/** Every client matching the filters as CSV, read in batches while the download streams. */
export const exportClients = (deps: { db: Db }, query: ClientsCsvQuery, batchSize = 2000) =>
  csvStream(
    clientCsvColumns,
    (async function* () {
      for await (const batch of streamClients(deps.db, query, batchSize)) yield batch.map(toClient);
    })(),
  );

/** A client's profile, latest orders, eSIMs with their packages, and the staff changes made to them. */
export const getClientDetail = async (deps: { db: Db }, clientId: string): Promise<ClientDetail> => {
  const row = await findClient(deps.db, clientId);
  if (!row) throw new AppError('NOT_FOUND');
  const [orders, esims, history] = await Promise.all([
    listCustomerOrders(deps, clientId, { page: 1, pageSize: 20 }),
    listCustomerEsims(deps, clientId),
    listHistory(deps.db, 'customer', clientId),
  ]);
  return { client: toClient(row), orders: orders.items, ordersTotal: orders.total, esims, history };
};

type ClientActionDeps = {
  db: Db;
  mailer: Mailer;
  i18n: ServerI18n;
  config: Pick<Config, 'siteUrl'>;
};

/** What each action needs the client to be, and what it changes. */
const transitions: Record<
  Exclude<ClientAction, 'password-reset'>,
  {
    allowed: (user: ClientRow) => boolean;
    change: () => Partial<Pick<ClientRow, 'status' | 'deletedAt'>>;
    endsSessions: boolean;
  }
> = {
  block: {
    allowed: (u) => !u.deletedAt && u.status === 'active',
    change: () => ({ status: 'blocked' }),
    endsSessions: true,
  },
  unblock: {
    allowed: (u) => !u.deletedAt && u.status === 'blocked',
    change: () => ({ status: 'active' }),
    endsSessions: false,
  },
  delete: { allowed: (u) => !u.deletedAt, change: () => ({ deletedAt: new Date() }), endsSessions: true },
  restore: { allowed: (u) => Boolean(u.deletedAt), change: () => ({ deletedAt: null }), endsSessions: false },
};

/** The audited fields of a client: what the history shows before and after a change. */
const auditedFields = (user: ClientRow) => ({ status: statusOf(user) });

/**
 * Blocks, unblocks, deletes (softly) or restores a client, or e-mails them a password reset. The change, the end
 * of their sessions and the audit row are one transaction; a stale version (someone changed the client since
 * the staff member loaded it) is refused with RECORD_CHANGED and changes nothing. A reset link changes no field,
 * so it needs no version; it is audited too.
 */
export const actOnClient = async (
  deps: ClientActionDeps,
  input: { staffUserId: string; clientId: string; action: ClientAction; version: string; t: TFunction },
): Promise<ClientActionResponse> => {
  const { staffUserId, clientId, action, version, t } = input;
  await deps.db.transaction(async (tx) => {
    const user = await lockClient(tx, clientId);
    if (!user) throw new AppError('NOT_FOUND');
    if (action === 'password-reset') {
      if (!customerMay(user, 'resetPassword')) throw new AppError('ACTION_NOT_ALLOWED');
      await recordChange(tx, {
        staffUserId,
        action: 'customer.password-reset',
        entityType: 'customer',
        entityId: clientId,
        before: null,
        after: null,
      });
      return;
    }
    if (user.updatedAt.toISOString() !== version) throw new AppError('RECORD_CHANGED');
    const rule = transitions[action];
    if (!rule.allowed(user)) throw new AppError('ACTION_NOT_ALLOWED');
    if (action === 'restore' && user.deletedAt && Date.now() > restoreDeadlineOf(user.deletedAt).getTime())
      throw new AppError('RESTORE_PERIOD_OVER');
    const updated = await updateClient(tx, clientId, rule.change());
    if (!updated) throw new AppError('NOT_FOUND');
    // Every request checks the account's state, so the open sessions stop at once; revoking them also ends
    // their refresh, so an unblock does not bring an old device back.
    if (rule.endsSessions) await revokeUserSessions(tx, clientId);
    await recordChange(tx, {
      staffUserId,
      action: `customer.${action}`,
      entityType: 'customer',
      entityId: clientId,
      before: auditedFields(user),
      after: auditedFields(updated),
    });
  });
  const row = await findClient(deps.db, clientId);
  if (!row) throw new AppError('NOT_FOUND');
  // The mail goes after the commit: a reset link for a change that rolled back would be a stray token.
  if (action === 'password-reset') await sendPasswordReset(deps, row.user);
  return { client: toClient(row), message: t(`admin:messages.client.${action}`) };
};

/** The daily erasure: clients deleted more than `clientRestoreDays` ago lose their personal data. */
export const eraseExpiredClients = (deps: { db: Db }, now = new Date()) =>
  eraseDeletedClients(deps.db, new Date(now.getTime() - clientRestoreDays * 86_400_000));
