import { createHash, createHmac } from 'node:crypto';
import type { ClaimGiftEsimResponse } from '@esim/contracts';
import type { GiftEsimsCsvQuery, GiftEsimsQuery, StaffGiftEsim } from '@esim/contracts/staff';
import { type Db, packageNameOf } from '@esim/db';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { giftEndReasonOf, giftEsimAllows, giftEsimStateOf } from './gift-esim-lifecycle';
import {
  claimGift,
  type GiftEsimListRow,
  listGiftEsims as listGiftEsimRows,
  lockGiftByToken,
  streamGiftEsims,
} from './gift-esims.repository';

// Gift eSIMs (issue 31, ADR 0044): the claim tokens, the claim into an account, and the staff's list. The e-mails
// (at fulfilment and the staff's resend) render the order's confirmation and invoice, so they live in the orders
// module (orders/gift-esim-orders.service.ts); this module imports nothing from orders.

/**
 * The claim token of a gift's n-th e-mail: derived from the server's secret, so rendering the same e-mail again
 * (a retried job) gives the same link, and only its hash is stored. A resend is the next generation: the links
 * of earlier e-mails stop working.
 */
export const claimTokenOf = (secret: string, orderId: string, generation: number) =>
  createHmac('sha256', secret).update(`gift-claim:${orderId}:${generation}`).digest('base64url');
export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The refusal of a gift that ended before its claim, saying how (refunded to the giver, cancelled, freed);
 * `messages` is the i18n prefix of the audience's sentences (`gifts:errors.giftEnded`, `admin:giftEsims.ended`).
 */
export const giftEndedError = (facts: Parameters<typeof giftEndReasonOf>[0], messages: string) =>
  new AppError(
    'GIFT_ESIM_ENDED',
    undefined,
    undefined,
    undefined,
    `${messages}.${giftEndReasonOf(facts) ?? 'cancelled'}`,
  );

/**
 * The recipient claims the gift into their account: the eSIM and its packages become theirs. The same account
 * claiming again changes nothing; another account after the first is refused. An unknown, replaced or
 * tampered token is "invalid" (the hash of the latest link is the only one stored). A gift that ended before
 * its claim (refunded in full to the giver, its eSIM cancelled or freed) is refused, saying so (ADR 0091).
 */
export const claimGiftEsim = async (
  deps: { db: Db },
  input: { userId: string; token: string; t: TFunction },
): Promise<ClaimGiftEsimResponse> =>
  deps.db.transaction(async (tx) => {
    const found = await lockGiftByToken(tx, hashClaimToken(input.token));
    if (!found?.esimId) throw new AppError('GIFT_CLAIM_INVALID');
    const { gift, esimId } = found;
    const packageName = packageNameOf(found);
    const facts = { gift, orderStatus: found.orderStatus, esimStatus: found.esimStatus };
    if (!giftEsimAllows(giftEsimStateOf(facts), 'claim'))
      throw giftEndedError(facts, 'gifts:errors.giftEnded');
    if (gift.claimedByUserId && gift.claimedByUserId !== input.userId)
      throw new AppError('GIFT_CLAIMED_BY_OTHER');
    const claimed = !gift.claimedByUserId;
    if (claimed) {
      const claim = await claimGift(tx, { orderId: gift.orderId, esimId, userId: input.userId });
      // On the order's timeline in the claim's transaction (ADR 0082): who claimed it, and when.
      await recordOrderEvent(tx, gift.orderId, {
        kind: 'gift_claimed',
        actor: 'recipient',
        detail: { accountId: input.userId, email: claim.email, claimedAt: claim.claimedAt.toISOString() },
        dedupeKey: 'gift-claimed',
      });
    }
    const key = claimed ? 'gifts:claim.claimed' : 'gifts:claim.claimedBefore';
    return { esimId, packageName, claimed, message: input.t(key, { package: packageName }) };
  });

const toStaffGiftEsim = (row: GiftEsimListRow): StaffGiftEsim => ({
  id: row.order.id,
  number: row.order.number,
  status: row.order.status,
  buyerName: row.order.buyerName,
  buyerEmail: row.order.buyerEmail,
  recipientName: row.gift.recipientName,
  recipientEmail: row.gift.recipientEmail,
  recipientLocale: row.gift.recipientLocale,
  packageName: packageNameOf(row.order),
  totalCents: row.order.totalCents,
  delivery: row.delivery,
  sendCount: row.gift.sendCount,
  sentAt: row.gift.sentAt?.toISOString() ?? null,
  claimedByEmail: row.claimedByEmail,
  claimedAt: row.gift.claimedAt?.toISOString() ?? null,
  createdAt: row.gift.createdAt.toISOString(),
});

export const listGiftEsims = async (deps: { db: Db }, query: GiftEsimsQuery) => {
  const { rows, total } = await listGiftEsimRows(deps.db, query, query);
  return toPaged(query, total, rows.map(toStaffGiftEsim));
};

const columns: CsvColumn<StaffGiftEsim>[] = [
  { header: 'number', value: (g) => g.number },
  { header: 'status', value: (g) => g.status },
  { header: 'buyerEmail', value: (g) => g.buyerEmail },
  { header: 'recipientEmail', value: (g) => g.recipientEmail },
  { header: 'packageName', value: (g) => g.packageName },
  { header: 'delivery', value: (g) => g.delivery },
  { header: 'sendCount', value: (g) => g.sendCount },
  { header: 'sentAt', value: (g) => g.sentAt },
  { header: 'claimedByEmail', value: (g) => g.claimedByEmail },
  { header: 'claimedAt', value: (g) => g.claimedAt },
  { header: 'createdAt', value: (g) => g.createdAt },
];

export const exportGiftEsims = (deps: { db: Db }, query: GiftEsimsCsvQuery) =>
  csvStream(
    columns,
    (async function* () {
      for await (const batch of streamGiftEsims(deps.db, query)) yield batch.map(toStaffGiftEsim);
    })(),
  );

/** One gift as the staff list shows it (the detail beside the list). */
export const getStaffGiftEsim = async (db: Db, orderId: string) => {
  const { rows } = await listGiftEsimRows(db, { sort: '-createdAt', orderId }, { page: 1, pageSize: 1 });
  const [row] = rows;
  if (!row) throw new AppError('NOT_FOUND');
  return toStaffGiftEsim(row);
};
