import { type Locale, localeTags } from '@esim/contracts/locales';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { Config } from '../../config';
import type { Mailer } from '../mail/mail.service';
import { renderActionMail } from '../mail/templates';
import { listShopMailRecipients } from './credits.repository';

export type LowBalanceMailDeps = { mailer: Mailer; i18n: ServerI18n; config: Pick<Config, 'siteUrl'> };

const euros = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'EUR' }).format(
    `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}` as `${number}`,
  );

/**
 * The low-balance e-mail (ADR 0020), stored in the outbox inside the purchase's transaction (so it goes out only
 * if the purchase commits): to each of the shop's users, in their own language, with a link to the top-up.
 */
export const queueLowBalanceMail = async (
  deps: LowBalanceMailDeps,
  tx: Db,
  input: { shopId: string; totalCents: number; thresholdCents: number },
) => {
  for (const user of await listShopMailRecipients(tx, input.shopId)) {
    const locale = user.locale as Locale;
    const t = deps.i18n.fixedT(locale, 'mail');
    await deps.mailer.send(
      renderActionMail(t, {
        to: user.email,
        name: user.firstName,
        link: `${deps.config.siteUrl}/portal/top-up`,
        template: 'lowBalance',
        values: {
          balance: euros(input.totalCents, locale),
          threshold: euros(input.thresholdCents, locale),
        },
      }),
      tx,
    );
  }
};
