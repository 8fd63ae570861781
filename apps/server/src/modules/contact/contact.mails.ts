import type { ContactMessageBody, PartnerApplicationBody } from '@esim/contracts';
import type { TFunction } from 'i18next';
import type { MailMessage } from '../../adapters/mail/port';
import { escapeHtml } from '../../lib/html';

/** Confirmation to the applicant, in their language, repeating what they sent. */
export const renderPartnerConfirmation = (t: TFunction, body: PartnerApplicationBody): MailMessage => {
  const lines: [string, string][] = [
    [t('common:fields.fullName'), body.fullName],
    [t('common:fields.companyName'), body.companyName ?? '-'],
    [t('common:fields.country'), body.country],
    [t('common:fields.phoneNumber'), body.phoneNumber],
    [t('common:fields.businessType'), body.businessType],
    [t('common:fields.title'), body.title],
    [t('common:fields.message'), body.message],
  ];
  const greeting = t('greeting', { name: body.fullName });
  const intro = t('partnerReceived.intro');
  const summary = t('partnerReceived.summary');
  const text = `${greeting}\n\n${intro}\n\n${summary}:\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${t('signature')}`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><h2 style="font-size:16px">${escapeHtml(summary)}</h2>
<table>${lines.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(t('signature'))}</p></body></html>`;
  return { to: body.email, subject: t('partnerReceived.subject'), text, html };
};

/** The contact form, forwarded to the support address; staff read it in English. */
export const renderContactForward = (
  supportEmail: string,
  body: ContactMessageBody,
  locale: string,
): MailMessage => ({
  to: supportEmail,
  subject: `[Contact] ${body.title}`,
  text: `From: ${body.fullName} <${body.email}>\nLanguage: ${locale}\n\n${body.message}`,
  html: `<!doctype html><html><body style="font-family:Arial,sans-serif"><p><strong>From:</strong> ${escapeHtml(body.fullName)} &lt;${escapeHtml(body.email)}&gt;<br><strong>Language:</strong> ${escapeHtml(locale)}</p><p style="white-space:pre-wrap">${escapeHtml(body.message)}</p></body></html>`,
});
