import { type Locale, localeTags } from '@esim/contracts/locales';
import type { TFunction } from 'i18next';
import type { MailMessage } from '../../adapters/mail/port';
import { escapeHtml } from '../../lib/html';

/** Euros in the locale's format. */
export const formatEuros = (locale: string, cents: number) =>
  new Intl.NumberFormat(localeTags[locale as Locale] ?? 'en', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

/** The recipient's e-mail: who sends it, the amount, the buyer's message, the code and how to use it. */
export const renderGiftCardMail = (
  t: TFunction,
  card: { recipientEmail: string; locale: string; amountCents: number; message: string | null },
  input: { code: string; buyerName: string; siteUrl: string },
): MailMessage => {
  const k = (key: string, values: Record<string, string> = {}) => t(`giftCards.${key}`, values);
  const amount = formatEuros(card.locale, card.amountCents);
  const intro = k('intro', { name: input.buyerName, amount });
  const shopUrl = `${input.siteUrl}/?lang=${card.locale}`;
  const lines = [
    intro,
    ...(card.message ? [`${k('messageLabel')}:\n${card.message}`] : []),
    `${k('codeLabel')}: ${input.code}`,
    k('howTo'),
    `${k('shopAction')}: ${shopUrl}`,
    t('signature'),
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(intro)}</p>${card.message ? `<blockquote style="border-left:3px solid #B5470C;margin:0;padding:4px 12px;white-space:pre-wrap">${escapeHtml(card.message)}</blockquote>` : ''}
<p>${escapeHtml(k('codeLabel'))}:</p><p style="font-family:monospace;font-size:22px;letter-spacing:2px" data-gift-card-code>${escapeHtml(input.code)}</p>
<p>${escapeHtml(k('howTo'))}</p>
<p><a href="${escapeHtml(shopUrl)}" style="background:#B5470C;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(k('shopAction'))}</a></p>
<p>${escapeHtml(t('signature'))}</p></body></html>`;
  return {
    to: card.recipientEmail,
    subject: k('subject', { name: input.buyerName, amount }),
    text: lines.join('\n\n'),
    html,
  };
};
