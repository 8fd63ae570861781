import type { Locale } from '@esim/contracts';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { TFunction } from 'i18next';
import type { MailMessage } from '../../adapters/mail/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import { recordChange } from '../audit/audit.repository';
import type { EsimRow } from '../esims/esims.repository';
import { getEsimForOrder } from '../esims/esims.repository';
import { giftEsimAllows, giftEsimStateOf } from '../gift-esims/gift-esim-lifecycle';
import {
  type GiftEsimRow,
  getGiftEsim,
  lockGiftEsim,
  recordGiftSent,
} from '../gift-esims/gift-esims.repository';
import {
  claimTokenOf,
  getStaffGiftEsim,
  giftEndedError,
  hashClaimToken,
} from '../gift-esims/gift-esims.service';
import type { Mailer } from '../mail/mail.service';
import { mailId } from '../mail/mail-id';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { invoiceFileName, renderOrderInvoice } from './order-invoice';
import { renderOrderConfirmation } from './order-mails';
import { getOrder, type OrderRow, packageNameOf } from './orders.repository';

// The e-mails of a gift eSIM's order (issue 31, ADR 0044): at fulfilment the recipient's e-mail (QR code, install
// steps, claim link) in their language and the buyer's confirmation with the invoice, and the staff's resend to
// the recipient. They render the order's confirmation and invoice, so they live with the order; the gift itself
// (its claim tokens, the claim, the staff list) is the gift-esims module's.

export type GiftMailDeps = {
  db: Db;
  config: Pick<Config, 'siteUrl' | 'jwtSecret'>;
  i18n: ServerI18n;
  mailer: Mailer;
};

const recipientMail = async (
  deps: GiftMailDeps,
  order: OrderRow,
  gift: GiftEsimRow,
  esim: Pick<EsimRow, 'activationCode' | 'smdpAddress' | 'matchingId'>,
  token: string,
) => {
  const t = deps.i18n.fixedT(gift.recipientLocale as Locale, 'mail');
  const values = { buyer: order.buyerName, package: packageNameOf(order) };
  const recipientView = {
    ...order,
    buyerName: gift.recipientName,
    buyerEmail: gift.recipientEmail,
    locale: gift.recipientLocale,
  };
  return renderOrderConfirmation(t, recipientView, esim, await getGeneralOptions(deps.db), {
    subject: t('giftEsims.recipient.subject', values),
    paragraphs: [
      t('giftEsims.recipient.intro', values),
      ...(gift.message ? [`${t('giftEsims.recipient.messageLabel', values)} “${gift.message}”`] : []),
      t('giftEsims.recipient.claimIntro'),
    ],
    link: {
      label: t('giftEsims.recipient.claimAction'),
      url: `${deps.config.siteUrl}/gift/claim?token=${encodeURIComponent(token)}`,
    },
  });
};

const buyerMail = async (deps: GiftMailDeps, order: OrderRow, gift: GiftEsimRow): Promise<MailMessage> => {
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const values = { number: order.number, recipient: gift.recipientName, email: gift.recipientEmail };
  const body = t('giftEsims.buyer.body', { ...values, package: packageNameOf(order) });
  const invoice = await renderOrderInvoice(t, order, await getGeneralOptions(deps.db));
  const greeting = t('greeting', { name: order.buyerName });
  return {
    to: order.buyerEmail,
    subject: t('giftEsims.buyer.subject', values),
    text: [greeting, body, t('signature')].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t('signature'))}</p></body></html>`,
    attachments: [
      {
        filename: invoiceFileName(t, order),
        contentType: 'application/pdf',
        contentBase64: invoice.toString('base64'),
      },
    ],
  };
};

/** Stores the recipient's e-mail of one generation with its timeline line, and makes its link the valid one. */
const storeRecipientMail = async (
  deps: GiftMailDeps,
  tx: Db,
  order: OrderRow,
  mail: MailMessage,
  input: { generation: number; token: string; id: string },
) => {
  await deps.mailer.send(mail, tx, input.id);
  await recordGiftSent(tx, order.id, {
    claimTokenHash: hashClaimToken(input.token),
    sendCount: input.generation,
  });
  await recordOrderEvent(tx, order.id, {
    kind: 'message_sent',
    actor: 'system',
    detail: { channel: 'email', to: mail.to, subject: mail.subject ?? null },
    dedupeKey: `mail:gift-recipient:${input.generation}`,
  });
};

/**
 * A completed gift eSIM's first e-mails: the eSIM to the recipient (outbox id `firstMailId`, the one the
 * confirmation sweep looks for) and the confirmation to the buyer. Safe to repeat; nothing once it was sent.
 */
export const sendGiftEsimMails = async (
  deps: GiftMailDeps,
  order: OrderRow,
  esim: Pick<EsimRow, 'activationCode' | 'smdpAddress' | 'matchingId'>,
  firstMailId: string,
) => {
  const gift = await getGiftEsim(deps.db, order.id);
  if (!gift || gift.sendCount > 0) return false;
  const token = claimTokenOf(deps.config.jwtSecret, order.id, 1);
  const [toRecipient, toBuyer] = await Promise.all([
    recipientMail(deps, order, gift, esim, token),
    buyerMail(deps, order, gift),
  ]);
  await deps.db.transaction(async (tx) => {
    await storeRecipientMail(deps, tx, order, toRecipient, { generation: 1, token, id: firstMailId });
    await deps.mailer.send(toBuyer, tx, mailId(`gift-buyer:${order.id}`));
    await recordOrderEvent(tx, order.id, {
      kind: 'message_sent',
      actor: 'system',
      detail: { channel: 'email', to: toBuyer.to, subject: toBuyer.subject ?? null },
      dedupeKey: 'mail:gift-buyer',
    });
  });
  return true;
};

/** A second click within this long answers the e-mail just sent instead of sending another. */
const resendPauseMs = 60_000;

/**
 * Staff "resend to recipient": the eSIM's e-mail again with a new claim link (the earlier links stop working),
 * on the order's timeline and audited, in one transaction. Only a sent, unclaimed gift; a second click within a
 * minute sends nothing more.
 */
export const resendGiftEsim = async (
  deps: GiftMailDeps,
  input: { orderId: string; staffUserId: string; reason: string | null; t: TFunction },
) => {
  const order = await getOrder(deps.db, input.orderId);
  const esim = order ? await getEsimForOrder(deps.db, order.id) : undefined;
  if (order?.kind !== 'gift_esim') throw new AppError('NOT_FOUND');
  const resent = await deps.db.transaction(async (tx) => {
    const gift = await lockGiftEsim(tx, order.id);
    if (!gift) throw new AppError('NOT_FOUND');
    // A gift refunded or whose eSIM ended gets no new link to a dead profile (ADR 0091): staff are told why.
    const facts = { gift, orderStatus: order.status, esimStatus: esim?.status ?? null };
    const state = giftEsimStateOf(facts);
    if (state === 'ended') throw giftEndedError(facts, 'admin:giftEsims.ended');
    if (!esim || gift.sendCount === 0 || !giftEsimAllows(state, 'resend'))
      throw new AppError('ACTION_NOT_ALLOWED');
    if (gift.sentAt && Date.now() - gift.sentAt.getTime() < resendPauseMs) return false;
    const generation = gift.sendCount + 1;
    const token = claimTokenOf(deps.config.jwtSecret, order.id, generation);
    const mail = await recipientMail({ ...deps, db: tx }, order, gift, esim, token);
    await recordOrderEvent(tx, order.id, {
      kind: 'staff_action',
      actor: 'staff',
      staffUserId: input.staffUserId,
      detail: { action: 'resend_gift_esim', reason: input.reason },
    });
    await storeRecipientMail(deps, tx, order, mail, {
      generation,
      token,
      id: mailId(`gift-recipient:${order.id}:${generation}`),
    });
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'order.resend_gift',
      entityType: 'order',
      entityId: order.id,
      before: { sendCount: gift.sendCount },
      after: { sendCount: generation, to: gift.recipientEmail },
    });
    return true;
  });
  if (resent) void deps.mailer.deliverPending().catch(() => undefined);
  const gift = await getStaffGiftEsim(deps.db, order.id);
  const key = resent ? 'admin:giftEsims.messages.resent' : 'admin:giftEsims.messages.resentRecently';
  return { gift, resent, message: input.t(key, { email: gift.recipientEmail }) };
};
