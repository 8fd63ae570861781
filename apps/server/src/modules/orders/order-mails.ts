import { type Locale, localeTags } from '@esim/contracts/locales';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import type { MailMessage } from '../../adapters/mail/port';
import { escapeHtml } from '../../lib/html';
import { findAccountLocale } from '../auth/auth.repository';
import type { EsimRow } from '../esims/esims.repository';
import { iosInstallLink, renderActivationQrPng } from '../esims/qr-code';
import type { GeneralOptions } from '../settings/settings.repository';
import { invoiceFileName, renderOrderInvoice } from './order-invoice';
import { type OrderRow, packageNameOf } from './orders.repository';

/**
 * The order as its buyer's e-mails see it: in the language of the buyer's account (ADR 0092: one language per
 * account, chosen on the profile), whatever page the order was made on. A guest order without an account yet, and
 * a shop's purchase for its subscriber (the shop chose the subscriber's language), keep the order's own.
 */
export const inBuyerLanguage = async <T extends Pick<OrderRow, 'userId' | 'shopId' | 'locale'>>(
  db: Db,
  order: T,
): Promise<T> => {
  if (!order.userId || order.shopId) return order;
  const locale = await findAccountLocale(db, order.userId);
  return locale ? { ...order, locale } : order;
};

/** Paragraphs and a button put before an e-mail's usual content (a gift's note and its claim link). */
export type MailLead = { subject: string; paragraphs: string[]; link: { label: string; url: string } };

const button = (link: MailLead['link']) =>
  `<p><a href="${escapeHtml(link.url)}" style="background:#B5470C;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>`;

const leadHtml = (lead: MailLead) =>
  `${lead.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${button(lead.link)}`;

/**
 * The order confirmation (issue 4): the QR code as an inline image, the manual SM-DP+ details, the iOS one-tap
 * link, Android steps, and the invoice PDF attached. Built before the completing transaction, stored inside it.
 */
export const renderOrderConfirmation = async (
  t: TFunction,
  order: OrderRow,
  esim: Pick<EsimRow, 'activationCode' | 'smdpAddress' | 'matchingId'>,
  options: GeneralOptions,
  /** A gift eSIM's recipient: its own subject, paragraphs and claim link before the QR code; no price. */
  gift?: MailLead,
): Promise<MailMessage> => {
  // A shop's purchase for its subscriber: the shop sets its own retail price, so the subscriber's e-mail shows
  // neither what the shop paid nor our invoice (the shop's receipt carries its price). A gift's recipient neither.
  const forSubscriber = order.shopId !== null || gift !== undefined;
  const [qrPng, invoicePdf] = await Promise.all([
    renderActivationQrPng(esim.activationCode),
    forSubscriber ? null : renderOrderInvoice(t, order, options),
  ]);
  const total = new Intl.NumberFormat(localeTags[order.locale as Locale] ?? 'en', {
    style: 'currency',
    currency: order.currency,
  }).format(order.totalCents / 100);
  const iosLink = iosInstallLink(esim.activationCode);
  const k = (key: string) => t(`orderConfirmation.${key}`);
  const greeting = t('greeting', { name: order.buyerName });
  const facts: [string, string][] = [
    [k('orderNumber'), order.number],
    [k('package'), packageNameOf(order)],
    ...(forSubscriber ? [] : [[k('total'), total] as [string, string]]),
  ];
  const manual: [string, string][] = [
    [k('smdpAddress'), esim.smdpAddress],
    [k('activationCode'), esim.activationCode],
  ];
  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="font-family:monospace;word-break:break-all">${escapeHtml(value)}</td></tr>`;
  const text = [
    greeting,
    ...(gift ? [...gift.paragraphs, `${gift.link.label}: ${gift.link.url}`] : []),
    k('intro'),
    facts.map(([a, b]) => `${a}: ${b}`).join('\n'),
    `${k('manualTitle')}\n${manual.map(([a, b]) => `${a}: ${b}`).join('\n')}`,
    `${k('iosAction')}: ${iosLink}`,
    `${k('androidTitle')}: ${k('androidSteps')}`,
    k('installNote'),
    ...(forSubscriber ? [] : [k('invoiceNote')]),
    t('signature'),
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p>${gift ? leadHtml(gift) : ''}<p>${escapeHtml(k('intro'))}</p>
<p><img src="cid:esim-qr" width="240" height="240" alt="${escapeHtml(k('qrAlt'))}"></p>
<table>${facts.map(row).join('')}</table>
<h2 style="font-size:16px">${escapeHtml(k('manualTitle'))}</h2><table>${manual.map(row).join('')}</table>
${button({ label: k('iosAction'), url: iosLink })}
<h2 style="font-size:16px">${escapeHtml(k('androidTitle'))}</h2><p>${escapeHtml(k('androidSteps'))}</p>
<p style="color:#555">${escapeHtml(k('installNote'))}</p>${forSubscriber ? '' : `<p>${escapeHtml(k('invoiceNote'))}</p>`}
<p>${escapeHtml(t('signature'))}</p></body></html>`;
  return {
    to: order.buyerEmail,
    subject: gift?.subject ?? t('orderConfirmation.subject', { number: order.number }),
    text,
    html,
    attachments: [
      {
        filename: 'esim-qr.png',
        contentType: 'image/png',
        contentBase64: qrPng.toString('base64'),
        cid: 'esim-qr',
      },
      ...(invoicePdf
        ? [
            {
              filename: invoiceFileName(t, order),
              contentType: 'application/pdf',
              contentBase64: invoicePdf.toString('base64'),
            },
          ]
        : []),
    ],
  };
};

/** A package added to an existing eSIM: what was added, whether it waits for the current one, the invoice. */
export const renderTopUpConfirmation = async (
  t: TFunction,
  order: OrderRow,
  esim: Pick<EsimRow, 'iccid'>,
  queued: boolean,
  options: GeneralOptions,
): Promise<MailMessage> => {
  const invoicePdf = await renderOrderInvoice(t, order, options);
  const values = { number: order.number, package: packageNameOf(order), iccid: esim.iccid.slice(-4) };
  const lines = [
    t('greeting', { name: order.buyerName }),
    t('topUpConfirmation.intro', values),
    t(queued ? 'topUpConfirmation.queued' : 'topUpConfirmation.active'),
    t('orderConfirmation.invoiceNote'),
    t('signature'),
  ];
  return {
    to: order.buyerEmail,
    subject: t('topUpConfirmation.subject', values),
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
    attachments: [
      ...(invoicePdf
        ? [
            {
              filename: invoiceFileName(t, order),
              contentType: 'application/pdf',
              contentBase64: invoicePdf.toString('base64'),
            },
          ]
        : []),
    ],
  };
};
