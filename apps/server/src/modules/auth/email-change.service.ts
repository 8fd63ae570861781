import type { AccountKind, Locale, UpdateProfileBody } from '@esim/contracts';
import { type Db, verifyPassword } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../mail/mail.service';
import { renderActionMail } from '../mail/templates';
import {
  findUserByEmailAnyState,
  findUserToken,
  getUserDetails,
  insertUserToken,
  revokeUserSessions,
  updateUser,
  useUserToken,
  voidUserTokens,
} from './auth.repository';
import {
  assertEmailAndPhoneFree,
  createRandomToken,
  hashToken,
  rethrowUniqueViolation,
  toUserDto,
} from './auth.service';

/** The confirmation link sent to the new address works for 24 hours, like the shop's verification link. */
export const emailChangeTtlMs = 24 * 60 * 60 * 1000;
/** The "this wasn't me" link sent to the old address works for 7 days: long enough to notice a takeover. */
export const emailChangeCancelTtlMs = 7 * 24 * 60 * 60 * 1000;

export type EmailChangeDeps = {
  db: Db;
  mailer: Mailer;
  i18n: ServerI18n;
  config: Pick<Config, 'siteUrl'>;
};

const invalidLink = () => new AppError('EMAIL_CHANGE_TOKEN_INVALID');

/**
 * Updates a profile. Name, phone, country, language and alert channel change at once; a new e-mail address needs
 * the current password and only takes effect when the link sent to it is opened (ADR 0018). The old address is
 * told, with a link that cancels the change (or undoes it) and signs the account out everywhere.
 */
export const updateProfile = async (
  deps: EmailChangeDeps,
  userId: string,
  kind: AccountKind,
  body: UpdateProfileBody,
) => {
  const current = await getUserDetails(deps.db, userId);
  if (!current) throw new AppError('NOT_FOUND');
  const newEmail = body.email !== current.user.email ? body.email : null;
  if (newEmail) {
    if (!body.currentPassword)
      throw new AppError('CURRENT_PASSWORD_REQUIRED', {
        currentPassword: ['errors.CURRENT_PASSWORD_REQUIRED'],
      });
    if (
      !current.user.passwordHash ||
      !(await verifyPassword(current.user.passwordHash, body.currentPassword))
    )
      throw new AppError('WRONG_CURRENT_PASSWORD', { currentPassword: ['errors.WRONG_CURRENT_PASSWORD'] });
  }
  await assertEmailAndPhoneFree(deps.db, kind, body.email, body.phoneNumber ?? null, userId);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      // Left out: kept; null or empty: cleared.
      ...(body.phoneNumber !== undefined ? { phone: body.phoneNumber } : {}),
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.locale ? { locale: body.locale } : {}),
      ...(body.alertChannel ? { alertChannel: body.alertChannel } : {}),
    }).catch(rethrowUniqueViolation);
    if (newEmail) await requestEmailChange(deps, tx, current.user, newEmail, body.locale);
  });
  const details = await getUserDetails(deps.db, userId);
  if (!details) throw new AppError('NOT_FOUND');
  return { user: toUserDto(details), pendingEmail: newEmail };
};

/** Replaces any change still waiting, stores both links' hashes and puts both e-mails in the outbox (in `tx`). */
const requestEmailChange = async (
  deps: EmailChangeDeps,
  tx: Db,
  user: { id: string; email: string; firstName: string; locale: string },
  newEmail: string,
  locale: Locale | undefined,
) => {
  await voidUserTokens(tx, user.id, 'email_change');
  const confirmToken = createRandomToken();
  const cancelToken = createRandomToken();
  const now = Date.now();
  await insertUserToken(tx, {
    userId: user.id,
    purpose: 'email_change',
    tokenHash: hashToken(confirmToken),
    expiresAt: new Date(now + emailChangeTtlMs),
    email: newEmail,
  });
  await insertUserToken(tx, {
    userId: user.id,
    purpose: 'email_change_cancel',
    tokenHash: hashToken(cancelToken),
    expiresAt: new Date(now + emailChangeCancelTtlMs),
    email: user.email,
  });
  const t = deps.i18n.fixedT((locale ?? user.locale) as Locale, 'mail');
  const site = deps.config.siteUrl;
  await deps.mailer.send(
    renderActionMail(t, {
      to: newEmail,
      name: user.firstName,
      link: `${site}/confirm-email?token=${encodeURIComponent(confirmToken)}`,
      template: 'confirmEmailChange',
      values: { email: newEmail },
    }),
    tx,
  );
  await deps.mailer.send(
    renderActionMail(t, {
      to: user.email,
      name: user.firstName,
      link: `${site}/cancel-email-change?token=${encodeURIComponent(cancelToken)}`,
      template: 'emailChangeNotice',
      values: { email: newEmail },
    }),
    tx,
  );
};

const findLiveToken = async (db: Db, purpose: 'email_change' | 'email_change_cancel', rawToken: string) => {
  const row = await findUserToken(db, purpose, hashToken(rawToken));
  if (!row?.email || row.usedAt || row.expiresAt.getTime() < Date.now()) throw invalidLink();
  const details = await getUserDetails(db, row.userId);
  if (!details || details.user.deletedAt) throw invalidLink();
  return { row: { ...row, email: row.email }, details };
};

/** The link sent to the new address: the address becomes the account's login. Single use. */
export const confirmEmailChange = async (db: Db, rawToken: string) => {
  const { row, details } = await findLiveToken(db, 'email_change', rawToken);
  // Taken meanwhile by another account of the same kind: the same message as on the profile form.
  await assertEmailAndPhoneFree(db, details.user.kind, row.email, null, details.user.id);
  await db.transaction(async (tx) => {
    if (!(await useUserToken(tx, row.id))) throw invalidLink();
    await updateUser(tx, details.user.id, { email: row.email, emailVerifiedAt: new Date() }).catch(
      rethrowUniqueViolation,
    );
  });
  return { kind: details.user.kind, email: row.email };
};

/**
 * The link sent to the old address ("this wasn't me"): cancels a change still waiting, puts the old address back
 * if the change was already confirmed (and the address is still free), and ends every session of the account.
 */
export const cancelEmailChange = async (db: Db, rawToken: string) => {
  const { row, details } = await findLiveToken(db, 'email_change_cancel', rawToken);
  await db.transaction(async (tx) => {
    if (!(await useUserToken(tx, row.id))) throw invalidLink();
    await voidUserTokens(tx, details.user.id, 'email_change');
    if (details.user.email !== row.email) {
      const holder = await findUserByEmailAnyState(tx, details.user.kind, row.email);
      if (!holder) await updateUser(tx, details.user.id, { email: row.email });
    }
    await revokeUserSessions(tx, details.user.id);
  });
  return { kind: details.user.kind };
};
