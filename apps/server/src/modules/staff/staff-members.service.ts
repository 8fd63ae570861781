import { type Locale, staffRoleIds } from '@esim/contracts';
import type {
  ChangeStaffMemberBody,
  CreateStaffMemberBody,
  StaffMember,
  StaffMemberResponse,
  StaffMembersQuery,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { TFunction } from 'i18next';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import {
  findUserByEmailAnyState,
  insertUser,
  revokeUserSessions,
  voidUserTokens,
} from '../auth/auth.repository';
import { createPasswordReset, rethrowUniqueViolation } from '../auth/auth.service';
import type { Mailer } from '../mail/mail.service';
import { renderActionMail } from '../mail/templates';
import {
  findStaffByEmail,
  findStaffMember,
  listStaffMembers as listStaffMemberRows,
  lockActiveAdmins,
  lockAdminAccounts,
  lockStaffMember,
  roleOf,
  type StaffRow,
  updateStaffMember,
} from './staff-members.repository';

/** How long an invitation link works. */
const invitationTtlMs = 7 * 24 * 3600 * 1000;

const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: roleOf(row),
  status: row.status === 'active' ? 'active' : 'deactivated',
  invitationPending: !row.passwordHash,
  createdAt: row.createdAt.toISOString(),
  version: row.updatedAt.toISOString(),
});

const audited = (row: StaffRow) => ({ role: roleOf(row), status: toStaffMember(row).status });

/** One page of staff accounts (admin). */
export const listStaffMembers = async (deps: { db: Db }, query: StaffMembersQuery) => {
  const { rows, total } = await listStaffMemberRows(deps.db, query, query);
  return toPaged(
    query,
    total,
    rows.map((row) => toStaffMember(row.member)),
  );
};

export const getStaffMember = async (deps: { db: Db }, staffId: string) => {
  const row = await findStaffMember(deps.db, staffId);
  if (!row) throw new AppError('NOT_FOUND');
  return { member: toStaffMember(row), history: await listHistory(deps.db, 'staff', staffId) };
};

type InviteDeps = { db: Db; mailer: Mailer; i18n: ServerI18n; config: Pick<Config, 'adminUrl'> };

/**
 * Creates a staff account without a password and e-mails an invitation to choose one (a single-use link to the
 * staff dashboard's set-password page, 7 days). The account, its token and the audit row are one transaction.
 */
export const createStaffMember = async (
  deps: InviteDeps,
  input: { staffUserId: string; body: CreateStaffMemberBody; locale: Locale; t: TFunction },
): Promise<StaffMemberResponse> => {
  const { body } = input;
  if (await findUserByEmailAnyState(deps.db, 'staff', body.email))
    throw new AppError('EMAIL_TAKEN', { email: ['errors.EMAIL_TAKEN'] });
  const t = deps.i18n.fixedT(input.locale, 'mail');
  const role = deps.i18n.fixedT(input.locale, 'admin')(`staffRoles.${body.role}`);
  const member = await deps.db
    .transaction(async (tx) => {
      const row = await insertUser(tx, {
        kind: 'staff',
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        roleId: staffRoleIds[body.role],
        locale: input.locale,
        emailVerifiedAt: new Date(),
      });
      const token = await createPasswordReset(tx, row.id, invitationTtlMs);
      // The invitation goes through the outbox in the same transaction: no account without its e-mail.
      await deps.mailer.send(
        renderActionMail(t, {
          to: row.email,
          name: row.firstName,
          link: `${deps.config.adminUrl}/set-password?token=${encodeURIComponent(token)}`,
          template: 'staffInvitation',
          values: { role },
        }),
        tx,
      );
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'staff.create',
        entityType: 'staff',
        entityId: row.id,
        before: null,
        after: { ...audited(row), email: row.email },
      });
      return row;
    })
    .catch(rethrowUniqueViolation);
  void deps.mailer.deliverPending().catch(() => undefined);
  const name = `${member.firstName} ${member.lastName}`;
  return { member: toStaffMember(member), message: input.t('admin:messages.staffMember.created', { name }) };
};

/**
 * Changes a staff member's role or deactivates / reactivates them. Nobody changes their own account here, and
 * the last active admin is never demoted or deactivated (checked with every active admin locked).
 */
export const changeStaffMember = async (
  deps: { db: Db },
  input: { staffUserId: string; staffId: string; body: ChangeStaffMemberBody; t: TFunction },
): Promise<StaffMemberResponse> => {
  const { staffUserId, staffId, body, t } = input;
  if (staffId === staffUserId) throw new AppError('OWN_ACCOUNT');
  const updated = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const row = await lockStaffMember(tx, staffId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.updatedAt.toISOString() !== body.version) throw new AppError('RECORD_CHANGED');
    const wasActiveAdmin = roleOf(row) === 'admin' && row.status === 'active';
    const staysActiveAdmin =
      (body.role ?? roleOf(row)) === 'admin' && (body.status ?? toStaffMember(row).status) === 'active';
    if (wasActiveAdmin && !staysActiveAdmin && admins <= 1) throw new AppError('LAST_ADMIN');
    const next = await updateStaffMember(tx, staffId, {
      ...(body.role ? { roleId: staffRoleIds[body.role] } : {}),
      ...(body.status ? { status: body.status === 'active' ? 'active' : 'blocked' } : {}),
    });
    if (!next) throw new AppError('NOT_FOUND');
    // A role change or a deactivation takes effect at once: the tokens they hold carry the old role.
    await revokeUserSessions(tx, staffId);
    await recordChange(tx, {
      staffUserId,
      action: body.status ? `staff.${body.status === 'active' ? 'reactivate' : 'deactivate'}` : 'staff.role',
      entityType: 'staff',
      entityId: staffId,
      before: audited(row),
      after: audited(next),
    });
    return next;
  });
  const member = toStaffMember(updated);
  const name = `${member.firstName} ${member.lastName}`;
  const message = body.status
    ? t(`admin:messages.staffMember.${body.status === 'active' ? 'reactivated' : 'deactivated'}`, { name })
    : t('admin:messages.staffMember.role', { name, role: t(`admin:staffRoles.${member.role}`) });
  return { member, message };
};

/** How long the first admin's link works: it is printed once, to whoever ran the command, for use right away. */
export const firstAdminLinkTtlMs = 24 * 3600 * 1000;

export type FirstAdminResult =
  | { outcome: 'created' | 'renewed'; email: string; link: string; expiresAt: Date }
  | { outcome: 'refused'; reason: string };

/**
 * The first staff admin of a production database (`npm run staff:create-admin -- <email>`, ADR 0033): an admin
 * account without a password and a single-use link to the staff dashboard's set-password page (the invitation's
 * page), which the command prints once. Refused as soon as any admin can log in: from then on admins invite staff
 * from the dashboard, audited under their name. Run again for the same address before its link was used, it
 * makes a new link and voids the earlier one (a lost terminal, an expired link).
 */
export const createFirstAdmin = async (
  deps: { db: Db; config: Pick<Config, 'adminUrl'> },
  input: { email: string; firstName: string; lastName: string },
): Promise<FirstAdminResult> =>
  deps.db.transaction(async (tx) => {
    const admins = await lockAdminAccounts(tx);
    if (admins.some((admin) => admin.passwordHash))
      return {
        outcome: 'refused',
        reason:
          'an admin can already log in: staff accounts are created from the staff dashboard (Staff, Create user)',
      };
    const existing = await findStaffByEmail(tx, input.email);
    const pendingAdmin = existing && admins.some((admin) => admin.id === existing.id);
    if (existing && !pendingAdmin)
      return { outcome: 'refused', reason: `a staff account with the e-mail ${input.email} exists already` };
    const row =
      existing ??
      (await insertUser(tx, {
        kind: 'staff',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        roleId: staffRoleIds.admin,
        locale: 'en',
        emailVerifiedAt: new Date(),
      }));
    await voidUserTokens(tx, row.id, 'password_reset');
    const token = await createPasswordReset(tx, row.id, firstAdminLinkTtlMs);
    if (!existing)
      // Nobody on staff did this: the account is its own author, marked as made by the command.
      await recordChange(tx, {
        staffUserId: row.id,
        action: 'staff.create',
        entityType: 'staff',
        entityId: row.id,
        before: null,
        after: { ...audited(row), email: row.email, via: 'staff:create-admin' },
      });
    return {
      outcome: existing ? 'renewed' : 'created',
      email: row.email,
      link: `${deps.config.adminUrl}/set-password?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(Date.now() + firstAdminLinkTtlMs),
    };
  });
