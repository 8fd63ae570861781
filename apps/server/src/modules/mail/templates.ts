import type { TFunction } from 'i18next';
import type { MailMessage } from '../../adapters/mail/port';
import { escapeHtml } from '../../lib/html';

type ActionMail = {
  to: string;
  name: string;
  link: string;
  template:
    | 'resetPassword'
    | 'verifyEmail'
    | 'setPassword'
    | 'confirmEmailChange'
    | 'emailChangeNotice'
    | 'staffInvitation'
    | 'shopInvitation'
    | 'partnerApproved'
    | 'partnerRejected'
    | 'lowBalance'
    | 'esimEnded.freed'
    | 'esimEnded.freedShop'
    | 'esimEnded.cancelled'
    | 'orderScreens.contactBuyer';
  /** Interpolated into the template's texts (e.g. the new address of an e-mail change). */
  values?: Record<string, string>;
};

/** A short transactional e-mail with one call to action, as text and HTML, in the recipient's language. */
export const renderActionMail = (
  t: TFunction,
  { to, name, link, template, values }: ActionMail,
): MailMessage => {
  const greeting = t('greeting', { name });
  const intro = t(`${template}.intro`, values);
  const action = t(`${template}.action`, values);
  const expiry = t(`${template}.expiry`, values);
  const signature = t('signature');
  const text = `${greeting}\n\n${intro}\n\n${action}: ${link}\n\n${expiry}\n\n${signature}`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="background:#B5470C;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(expiry)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { to, subject: t(`${template}.subject`, values), text, html };
};
