import { isRightToLeft, type Locale, localeTags } from '@esim/contracts';
import type { TFunction } from 'i18next';
import type { CardProblem } from '../../adapters/payments/sandbox';
import { escapeHtml } from '../../lib/html';

export type CheckoutView = {
  sessionId: string;
  description: string;
  amountCents: number;
  currency: string;
  cancelUrl: string;
};

const styles = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f7;color:#1a1a1a}
main{max-width:420px;margin:40px auto;background:#fff;padding:24px;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem}label{display:block;margin-top:14px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #767676;border-radius:6px;margin-top:4px}
button{margin-top:20px;width:100%;padding:12px;font-size:1rem;background:#b84a14;color:#fff;border:0;border-radius:6px;cursor:pointer}
.notice{background:#fff4e5;padding:10px;border-radius:6px;font-size:.9rem}.error{color:#b3261e;margin-top:4px}
.amount{font-size:1.6rem;font-weight:700}a{color:#8a3208}`;

/**
 * The sandbox provider's hosted card page: plain HTML (no script), translated, in the buyer's language,
 * with the test cards listed so a person can try every outcome.
 */
export const renderCheckoutPage = (
  t: TFunction,
  locale: Locale,
  view: CheckoutView | null,
  problems: CardProblem[] = [],
  entered: { number?: string; expiry?: string } = {},
  closedReason: 'closed' | 'replaced' = 'closed',
) => {
  const dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  const head = `<!doctype html><html lang="${localeTags[locale]}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('sandboxPay.title'))}</title><style>${styles}</style></head><body><main>`;
  if (!view)
    return `${head}<h1>${escapeHtml(t('sandboxPay.title'))}</h1><p role="alert">${escapeHtml(t(`sandboxPay.${closedReason}`))}</p></main></body></html>`;
  const amount = new Intl.NumberFormat(localeTags[locale], {
    style: 'currency',
    currency: view.currency,
  }).format(view.amountCents / 100);
  const error = (problem: CardProblem, idRef: string) =>
    problems.includes(problem)
      ? `<p class="error" id="${idRef}" role="alert">${escapeHtml(t(`sandboxPay.${problem}`))}</p>`
      : '';
  const invalid = (problem: CardProblem, idRef: string) =>
    problems.includes(problem) ? ` aria-invalid="true" aria-describedby="${idRef}"` : '';
  return `${head}<h1>${escapeHtml(t('sandboxPay.title'))}</h1>
<p>${escapeHtml(view.description)}</p><p class="amount">${escapeHtml(amount)}</p>
<p class="notice">${escapeHtml(t('sandboxPay.notice'))}</p>
<form method="post" action="/sandbox/checkout/${encodeURIComponent(view.sessionId)}" novalidate>
<label for="number">${escapeHtml(t('sandboxPay.cardNumber'))}</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required value="${escapeHtml(entered.number ?? '')}"${invalid('invalidCard', 'number-error')}>
${error('invalidCard', 'number-error')}
<label for="expiry">${escapeHtml(t('sandboxPay.expiry'))}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="7" required value="${escapeHtml(entered.expiry ?? '')}"${invalid('invalidExpiry', 'expiry-error')}>
${error('invalidExpiry', 'expiry-error')}
<label for="cvc">${escapeHtml(t('sandboxPay.cvc'))}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required${invalid('invalidCvc', 'cvc-error')}>
${error('invalidCvc', 'cvc-error')}
<button type="submit">${escapeHtml(t('sandboxPay.pay', { amount }))}</button>
</form>
<p><a href="${escapeHtml(view.cancelUrl)}">${escapeHtml(t('sandboxPay.cancel'))}</a></p></main></body></html>`;
};
