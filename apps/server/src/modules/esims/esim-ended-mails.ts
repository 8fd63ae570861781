import { type Locale, locales, localeTags } from '@esim/contracts/locales';
import { type Db, packageNameOf } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { Config } from '../../config';
import { listShopMailRecipients } from '../credits/credits.repository';
import type { Mailer } from '../mail/mail.service';
import { mailId } from '../mail/mail-id';
import { renderActionMail } from '../mail/templates';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { getEsimParties } from './esims.repository';

export type EsimNoticeDeps = { mailer: Mailer; i18n: ServerI18n; config: Pick<Config, 'siteUrl'> };

/** Someone to tell: `shop` a shop's user; `paid` whether they paid for the eSIM (its order's buyer). */
type Party = { email: string; name: string; locale: string; shop: boolean; paid: boolean };

const localeOf = (value: string): Locale =>
  (locales as readonly string[]).includes(value) ? (value as Locale) : 'en';

const dateIn = (locale: Locale, at: Date) =>
  new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/**
 * Tells the people concerned, once each and in their own language, that an eSIM stopped working (ADR 0091),
 * inside the transaction that ended it. Who hears of it: whoever holds the eSIM (its owner's account; before a
 * gift is claimed, its recipient; a shop's subscriber's eSIM, the shop's users, who speak to their subscriber)
 * and, for a freed eSIM, whoever paid for it. When a staff refund cancelled it, the buyer is told by that
 * refund's notice (ADR 0090), so only a holder who did not pay hears from here: the recipient of a gift.
 */
export const queueEsimEndedNotices = async (
  deps: EsimNoticeDeps,
  tx: Db,
  esimId: string,
  ended: 'freed' | 'cancelled',
) => {
  const parties = await getEsimParties(tx, esimId);
  if (!parties) return 0;
  const { esim, order, owner, gift } = parties;
  const buyerEmail = order?.buyerEmail.toLowerCase() ?? null;
  // Holders: the account it is in, else a gift's recipient before the claim, else the shop of its subscriber.
  const holders: Party[] = [];
  if (owner)
    holders.push({
      email: owner.email,
      name: owner.firstName,
      locale: owner.locale,
      shop: false,
      paid: order?.userId === owner.id || owner.email.toLowerCase() === buyerEmail,
    });
  else if (gift && !gift.claimedAt)
    holders.push({
      email: gift.recipientEmail,
      name: gift.recipientName,
      locale: gift.recipientLocale,
      shop: false,
      paid: gift.recipientEmail.toLowerCase() === buyerEmail,
    });
  else if (esim.shopId)
    for (const user of await listShopMailRecipients(tx, esim.shopId))
      holders.push({ email: user.email, name: user.firstName, locale: user.locale, shop: true, paid: true });
  const buyer: Party | null =
    order && !esim.shopId && !holders.some((h) => h.paid)
      ? { email: order.buyerEmail, name: order.buyerName, locale: order.locale, shop: false, paid: true }
      : null;
  const told =
    ended === 'freed' ? [...holders, ...(buyer ? [buyer] : [])] : holders.filter((party) => !party.paid);
  const endedAt = esim.endedAt ?? new Date();
  for (const party of told) {
    const locale = localeOf(party.locale);
    const t = deps.i18n.fixedT(locale, 'mail');
    const mail = renderActionMail(t, {
      to: party.email,
      name: party.name,
      link: `${deps.config.siteUrl}/contact`,
      template:
        ended === 'cancelled'
          ? 'esimEnded.cancelled'
          : party.shop
            ? 'esimEnded.freedShop'
            : 'esimEnded.freed',
      values: {
        package: order ? packageNameOf(order) : '',
        digits: esim.iccid.slice(-4),
        number: order?.number ?? '',
        bought: dateIn(locale, order?.paidAt ?? esim.createdAt),
        ended: dateIn(locale, endedAt),
        buyer: order?.buyerName ?? '',
        subscriber: parties.subscriber ?? '',
      },
    });
    await deps.mailer.send(mail, tx, mailId(`esim-ended:${esim.id}:${party.email.toLowerCase()}`));
    if (order)
      await recordOrderEvent(tx, order.id, {
        kind: 'message_sent',
        actor: 'system',
        detail: { channel: 'email', to: mail.to, subject: mail.subject ?? null },
        dedupeKey: `mail:esim-ended:${party.email.toLowerCase()}`,
      });
  }
  return told.length;
};
