import type { Locale } from '@esim/contracts';
import type { Db } from '@esim/db';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import { insertUser } from '../auth/auth.repository';
import { createPasswordReset } from '../auth/auth.service';
import { renderActionMail } from '../mail/templates';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { findCustomerByContact, type OrderRow } from './orders.repository';

/** What making a buyer's account uses: checkout, the payment that confirms an order, and admin orders. */
export type BuyerAccountDeps = Pick<AppDeps, 'i18n' | 'mailer'> & { config: Pick<Config, 'siteUrl'> };

/** The set-password link of an automatically created account lives longer than a reset link. */
const setPasswordTtlMs = 7 * 24 * 3600 * 1000;

const splitName = (fullName: string) => {
  const parts = fullName.trim().split(/\s+/);
  const firstName = parts[0] ?? fullName;
  return { firstName, lastName: parts.slice(1).join(' ') };
};

/**
 * The buyer's account: the signed-in customer, an existing account with the order's e-mail (it receives the
 * eSIM anyway), or a new one with an e-mail to choose a password (SPEC section 4: registered automatically).
 * Admin orders for an e-mail without an account use it too.
 */
export const ensureBuyerAccount = async (deps: BuyerAccountDeps, tx: Db, order: OrderRow) => {
  if (order.userId) return order.userId;
  const { existingId, phoneTaken } = await findCustomerByContact(tx, order.buyerEmail, order.buyerPhone);
  if (existingId) return existingId;
  // The phone may have been taken since the order was placed; the account is then created without it.
  const { firstName, lastName } = splitName(order.buyerName);
  const user = await insertUser(tx, {
    kind: 'customer',
    firstName,
    lastName,
    email: order.buyerEmail,
    phone: phoneTaken ? null : order.buyerPhone,
    country: order.country,
    locale: order.locale,
    passwordHash: null,
  });
  const token = await createPasswordReset(tx, user.id, setPasswordTtlMs);
  const link = `${deps.config.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const mail = renderActionMail(t, { to: user.email, name: user.firstName, link, template: 'setPassword' });
  await deps.mailer.send(mail, tx);
  await recordOrderEvent(tx, order.id, {
    kind: 'message_sent',
    actor: 'system',
    detail: { channel: 'email', to: mail.to, subject: mail.subject ?? null },
  });
  return user.id;
};
