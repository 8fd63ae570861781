import { createServerI18n } from '@esim/i18n';
import { describe, expect, it } from 'vitest';
import { renderCheckoutPage } from './sandbox-pay.page';

// The card page's words live in the server-only `sandbox` namespace (out of `common`, which every public page
// of the site loads before hydrating).
describe('sandbox card page', () => {
  it('is worded in the buyer language, never with keys', async () => {
    const i18n = await createServerI18n();
    const view = {
      sessionId: 's1',
      description: 'Albania 5 GB',
      amountCents: 499,
      currency: 'EUR',
      cancelUrl: '/x',
    };
    for (const locale of ['en', 'sq', 'sa'] as const) {
      const html = renderCheckoutPage(i18n.fixedT(locale, 'sandbox'), locale, view);
      expect(html).not.toMatch(/sandboxPay\./);
    }
    expect(renderCheckoutPage(i18n.fixedT('sa', 'sandbox'), 'sa', view)).toContain('dir="rtl"');
  });
});
