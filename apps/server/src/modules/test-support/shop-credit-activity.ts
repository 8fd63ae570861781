import type { CreditBucket } from '@esim/contracts/portal';
import type { Db } from '@esim/db';
import {
  creditTopUp,
  debitPurchase,
  lockShopForPurchase,
  postEntries,
  refundPurchase,
} from '../credits/credits.service';
import { createOrderNumber } from '../orders/order-number';
import { insertOrder } from '../orders/orders.repository';
import { insertSubscriber } from '../subscribers/subscribers.repository';

/**
 * A shop's money moving through the real credit services, for tests and journeys (finance reports): a paid
 * top-up with its bonus, a purchase for a new subscriber paid with credits, its refund, a staff adjustment. Each
 * answers the order it made (the ledger lines name it).
 */

/** A completed card top-up of `amountCents` with `bonusCents` of bonus. */
export const topUpShop = (db: Db, shopId: string, amountCents: number, bonusCents: number) =>
  db.transaction(async (tx) => {
    const order = await insertOrder(
      tx,
      {
        number: createOrderNumber(),
        kind: 'credits',
        fulfilmentStatus: 'completed',
        shopId,
        subtotalCents: amountCents,
        totalCents: amountCents,
        paymentMethod: 'card',
        buyerName: 'Test shop',
        buyerEmail: 'shop@test.invalid',
        locale: 'en',
        paidAt: new Date(),
        completedAt: new Date(),
      },
      { actor: 'system' },
    );
    await creditTopUp(tx, { shopId, orderId: order.id, amountCents, bonusCents });
    return order;
  });

/** A new subscriber's eSIM bought with `amountCents` of the shop's credits (paid credit first, then bonus). */
export const buyWithCredits = (db: Db, shopId: string, amountCents: number) =>
  db.transaction(async (tx) => {
    const subscriber = await insertSubscriber(tx, {
      shopId,
      name: 'Test',
      lastname: 'Subscriber',
      email: 'subscriber@test.invalid',
      country: 'AL',
    });
    const order = await insertOrder(
      tx,
      {
        number: createOrderNumber(),
        kind: 'esim',
        fulfilmentStatus: 'paid',
        shopId,
        subscriberId: subscriber.id,
        subtotalCents: amountCents,
        totalCents: amountCents,
        paymentMethod: 'credits',
        buyerName: 'Test Subscriber',
        buyerEmail: subscriber.email,
        locale: 'en',
        paidAt: new Date(),
      },
      { actor: 'shop' },
    );
    const locked = await lockShopForPurchase(tx, shopId);
    if (!locked) throw new Error(`no shop ${shopId}`);
    await debitPurchase(tx, locked, { orderId: order.id, amountCents, userId: null });
    return order;
  });

/** Gives a purchase's credits back (as an order that finally failed does). */
export const refundShopPurchase = (db: Db, shopId: string, orderId: string) =>
  db.transaction((tx) => refundPurchase(tx, { shopId, orderId }));

let adjustments = 0;
/** A staff adjustment of one bucket (negative removes; the ledger refuses a balance below zero). */
export const adjustShopCredit = (db: Db, shopId: string, bucket: CreditBucket, amountCents: number) =>
  db.transaction((tx) =>
    postEntries(tx, {
      shopId,
      orderId: null,
      note: 'test adjustment',
      movements: [
        {
          kind: 'adjustment',
          bucket,
          amountCents,
          idempotencyKey: `test-adjustment:${shopId}:${Date.now()}:${adjustments++}`,
        },
      ],
    }),
  );
