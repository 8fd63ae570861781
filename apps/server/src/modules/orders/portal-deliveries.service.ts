import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '@esim/contracts';
import type { CreateDeliveryBody, SubscriberDelivery } from '@esim/contracts/portal-subscribers';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { assertEsimAllows } from '../esims/esim-lifecycle';
import { shopSubscriberEsim } from '../esims/esims.service';
import { iosInstallLink, renderActivationQrPng } from '../esims/qr-code';
import { renderEsimSheetPdf } from '../invoices/esim-sheet-pdf';
import type { Mailer } from '../mail/mail.service';
import type { SmsSender } from '../notifications/sms.service';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { type DeliveryRow, getSubscriber, insertDelivery } from '../subscribers/subscribers.repository';
import { renderOrderConfirmation } from './order-mails';
import { getOrder, packageNameOf } from './orders.repository';

/**
 * Handing an eSIM's install details to the shop's subscriber (issue 11): by e-mail (the order confirmation's
 * QR code, manual details and one-tap link, without prices), by SMS (one-tap link and manual details) or as a
 * printable PDF with the shop's name and logo. Each is recorded on the subscriber: channel, recipient, when,
 * which shop user. The message is in the language of the portal screen it was sent from.
 */
export type DeliveryDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  i18n: ServerI18n;
  config: { uploadDir: string };
};

type Shop = { id: string; name: string; logo: string | null };
type ShopUser = { id: string; firstName: string; lastName: string };

/** The eSIM (a working one: an eSIM that ended can no longer be installed, ADR 0091), its subscriber and order. */
const deliverable = async (db: Db, shopId: string, esimId: string) => {
  const esim = await shopSubscriberEsim(db, shopId, esimId);
  assertEsimAllows(esim, 'install');
  const subscriber = await getSubscriber(db, shopId, esim.subscriberId ?? '');
  const order = esim.orderId ? await getOrder(db, esim.orderId, { shopId }) : undefined;
  if (!subscriber || !order) throw new AppError('NOT_FOUND');
  return { esim, subscriber, order };
};

export const deliverEsim = async (
  deps: DeliveryDeps,
  input: { shop: Shop; user: ShopUser; esimId: string; body: CreateDeliveryBody; locale: Locale },
  log: FastifyBaseLogger,
): Promise<SubscriberDelivery> => {
  const { esim, subscriber, order } = await deliverable(deps.db, input.shop.id, input.esimId);
  const t = deps.i18n.fixedT(input.locale, 'mail');
  const record = {
    shopId: input.shop.id,
    subscriberId: subscriber.id,
    esimId: esim.id,
    userId: input.user.id,
  };
  const view = (row: DeliveryRow): SubscriberDelivery => ({
    id: row.id,
    esimId: esim.id,
    iccid: esim.iccid,
    channel: row.channel,
    recipient: row.recipient,
    byName: `${input.user.firstName} ${input.user.lastName}`.trim(),
    createdAt: row.createdAt.toISOString(),
  });
  if (input.body.channel === 'email') {
    const mail = await renderOrderConfirmation(
      t,
      { ...order, locale: input.locale, buyerName: `${subscriber.name} ${subscriber.lastname}` },
      esim,
      await getGeneralOptions(deps.db),
    );
    const row = await deps.db.transaction(async (tx) => {
      await deps.mailer.send({ ...mail, to: subscriber.email }, tx);
      await recordOrderEvent(tx, order.id, {
        kind: 'message_sent',
        actor: 'shop',
        detail: { channel: 'email', to: subscriber.email, subject: mail.subject ?? null },
      });
      return insertDelivery(tx, { ...record, channel: 'email', recipient: subscriber.email });
    });
    void deps.mailer.deliverPending().catch((err) => log.error({ err }, 'outbox delivery'));
    return view(row);
  }
  const phone = String(input.body.phone);
  const text = t('esimSms.text', {
    shop: input.shop.name,
    link: iosInstallLink(esim.activationCode),
    smdp: esim.smdpAddress,
    code: esim.matchingId,
  });
  const row = await deps.db.transaction(async (tx) => {
    await deps.sms.send({ to: phone, text }, tx);
    await recordOrderEvent(tx, order.id, {
      kind: 'message_sent',
      actor: 'shop',
      detail: { channel: 'sms', to: phone, subject: null },
    });
    return insertDelivery(tx, { ...record, channel: 'sms', recipient: phone });
  });
  void deps.sms.deliverPending().catch((err) => log.error({ err }, 'sms delivery'));
  return view(row);
};

/** The shop's logo for the sheet: PNG and JPEG only (pdfkit cannot draw WebP); a missing file is left out. */
const readLogo = async (uploadDir: string, logo: string | null) => {
  if (!logo || !/^logos\/[0-9a-f-]+\.(png|jpg)$/.test(logo)) return null;
  const data = await readFile(join(uploadDir, logo)).catch(() => null);
  return data ? { data, type: logo.endsWith('.png') ? ('png' as const) : ('jpg' as const) } : null;
};

/** The printable install sheet (PDF) with the shop's name and logo; recorded as a `print` delivery. */
export const printEsimSheet = async (
  deps: DeliveryDeps,
  input: { shop: Shop; userId: string; esimId: string; locale: Locale },
) => {
  const { esim, subscriber, order } = await deliverable(deps.db, input.shop.id, input.esimId);
  const t = deps.i18n.fixedT(input.locale, 'mail');
  const k = (key: string) => t(`orderConfirmation.${key}`);
  const [qrPng, logo] = await Promise.all([
    renderActivationQrPng(esim.activationCode),
    readLogo(deps.config.uploadDir, input.shop.logo),
  ]);
  const pdf = await renderEsimSheetPdf({
    locale: input.locale,
    labels: {
      title: t('esimSheet.title'),
      subscriber: t('esimSheet.subscriber'),
      package: k('package'),
      iccid: t('esimSheet.iccid'),
      scanHint: t('esimSheet.scanHint'),
      manualTitle: k('manualTitle'),
      smdpAddress: k('smdpAddress'),
      activationCode: k('activationCode'),
      iosTitle: k('iosAction'),
      installNote: k('installNote'),
    },
    shop: { name: input.shop.name, logo },
    subscriberName: `${subscriber.name} ${subscriber.lastname}`,
    packageName: packageNameOf(order),
    iccid: esim.iccid,
    qrPng,
    smdpAddress: esim.smdpAddress,
    activationCode: esim.activationCode,
    iosInstallLink: iosInstallLink(esim.activationCode),
    issuedAt: new Date(),
  });
  await insertDelivery(deps.db, {
    shopId: input.shop.id,
    subscriberId: subscriber.id,
    esimId: esim.id,
    userId: input.userId,
    channel: 'print',
    recipient: null,
  });
  return { pdf, fileName: `esim-${esim.iccid}.pdf` };
};
