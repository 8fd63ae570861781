import { packageTypeSchema, searchField } from './catalogue';
import { expectedTotalField, orderKindSchema, orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { countryCodeField, emailField, textField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * The reseller portal's money: credits and bonus, the ledger, top-ups and purchases for subscribers
 * (SPEC sections 3-5, DESIGN section 3, ADR 0019). Every amount is integer euro cents.
 */

export const creditEntryKinds = ['topup', 'bonus', 'purchase', 'refund', 'adjustment'] as const;
export const creditEntryKindSchema = z.enum(creditEntryKinds);
export type CreditEntryKind = z.infer<typeof creditEntryKindSchema>;

/** The two balances of a shop: paid credit and bonus (SPEC: credits, bonus, total credits with bonus). */
export const creditBuckets = ['credit', 'bonus'] as const;
export type CreditBucket = (typeof creditBuckets)[number];

/** Largest top-up one payment may carry (1,000,000 EUR): keeps every balance far inside a 32-bit integer. */
export const maxTopUpCents = 100_000_000;

/** A bonus tier: a top-up of at least `fromCents` earns `percent` of it as bonus (settings, `topUpBonusTiers`). */
export const bonusTierSchema = z.strictObject({
  fromCents: z.number().int().min(0).max(100_000_000),
  percent: z.coerce.number().int().min(0).max(100),
});
export type BonusTier = z.infer<typeof bonusTierSchema>;

/** The bonus a top-up earns: the highest tier it reaches, rounded down to the cent. Shown and credited alike. */
export const topUpBonusCents = (amountCents: number, tiers: readonly BonusTier[]) => {
  const tier = [...tiers].sort((a, b) => b.fromCents - a.fromCents).find((t) => amountCents >= t.fromCents);
  return tier ? Math.floor((amountCents * tier.percent) / 100) : 0;
};

export const balancesSchema = z
  .object({
    creditCents: z.number().int(),
    bonusCents: z.number().int(),
    /** Credit and bonus together (SPEC: total credits with bonus). */
    totalCents: z.number().int(),
    lowBalanceThresholdCents: z.number().int().nullable(),
    currency: z.literal('EUR'),
  })
  .register(apiSchemas, { id: 'CreditBalances' });
export type Balances = z.infer<typeof balancesSchema>;

/**
 * A top-up amount in cents. Non-numbers, fractions of a cent and amounts over the maximum are refused here; the
 * minimum (settings, 200 EUR) is checked by the server with SPEC's message, for negative amounts too.
 */
export const topUpAmountField = z.number().int().max(maxTopUpCents);

export const topUpQuoteQuerySchema = z.object({ amountCents: z.coerce.number().int().max(maxTopUpCents) });
/** A client key drawn once per checkout (a double click, a retried request): one order per shop and key. */
export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'format' });

export const createTopUpOrderBodySchema = z.strictObject({
  amountCents: topUpAmountField,
  /** Optional for API clients; the portal always sends one, so a double click on "place order" is one order. */
  idempotencyKey: idempotencyKeyField.optional(),
});
export type CreateTopUpOrderBody = z.infer<typeof createTopUpOrderBodySchema>;

export const topUpQuoteSchema = z
  .object({
    amountCents: z.number().int(),
    bonusCents: z.number().int(),
    /** What the balances grow by once paid: amount + bonus. */
    creditedCents: z.number().int(),
    minimumCents: z.number().int(),
    currency: z.literal('EUR'),
  })
  .register(apiSchemas, { id: 'TopUpQuote' });
export type TopUpQuote = z.infer<typeof topUpQuoteSchema>;

export const createTopUpOrderResponseSchema = topUpQuoteSchema
  .extend({ orderId: z.uuid(), number: z.string(), checkoutUrl: z.string() })
  .register(apiSchemas, { id: 'TopUpOrder' });

/** A new subscriber (SPEC section 3: name, lastname, email, country). */
export const newSubscriberSchema = z.strictObject({
  name: textField(50),
  lastname: textField(50),
  email: emailField,
  country: countryCodeField,
});
export type NewSubscriber = z.infer<typeof newSubscriberSchema>;

/**
 * A purchase for a subscriber, paid by credits: an existing subscriber of this shop (`subscriberId`) or a new
 * one (`subscriber`). `idempotencyKey` is drawn by the client once per wizard: a double submit is one order.
 */
export const createPortalPurchaseBodySchema = z.strictObject({
  packageSlug: z.string().trim().min(1).max(160),
  subscriberId: z.uuid().optional(),
  subscriber: newSubscriberSchema.optional(),
  idempotencyKey: idempotencyKeyField,
  /** The reseller price the confirm step showed (ADR 0093): a different price now refuses, nothing debited. */
  expectedTotalCents: expectedTotalField,
});
export type CreatePortalPurchaseBody = z.infer<typeof createPortalPurchaseBodySchema>;

/** A refill: a package added to one of the shop's subscribers' eSIMs, paid by credits (one order per key). */
export const createPortalRefillBodySchema = createPortalPurchaseBodySchema.pick({
  packageSlug: true,
  idempotencyKey: true,
  expectedTotalCents: true,
});
export type CreatePortalRefillBody = z.infer<typeof createPortalRefillBodySchema>;

export const subscriberSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    lastname: z.string(),
    email: z.string(),
    country: z.string(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'Subscriber' });
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscribersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 100 }).extend({
  /** Part of the name, last name, e-mail or the ICCID of one of their eSIMs. */
  q: searchField.optional(),
});
export type SubscribersQuery = z.infer<typeof subscribersQuerySchema>;
export const pagedSubscribersSchema = pagedSchema(subscriberSchema, 'PagedSubscribers');

export const portalOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    kind: orderKindSchema,
    status: orderStatusSchema,
    packageName: z.string().nullable(),
    /** What the shop paid, in credits (a purchase) or by card (a credit top-up). */
    totalCents: z.number().int(),
    /** A credit top-up's bonus. */
    bonusCents: z.number().int().nullable(),
    paymentMethod: z.enum(['card', 'credits', 'gift_card', 'free']),
    subscriber: z.object({ id: z.uuid(), name: z.string(), lastname: z.string() }).nullable(),
    /** The suggested retail price (reseller price + the shop's sellShopPrice markup), for the receipt. */
    retailPriceCents: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'PortalOrder' });
export type PortalOrder = z.infer<typeof portalOrderSchema>;

export const createPortalPurchaseResponseSchema = z
  .object({ order: portalOrderSchema, balances: balancesSchema })
  .register(apiSchemas, { id: 'PortalPurchase' });

const dateField = z.iso.date();

/** The shop's orders: kind, status, search and a period of whole UTC days (`createdFrom`..`createdTo`, both in). */
export const portalOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 100 }).extend({
  kind: orderKindSchema.optional(),
  status: orderStatusSchema.optional(),
  q: searchField.optional(),
  createdFrom: dateField.optional(),
  createdTo: dateField.optional(),
  sort: sortQuerySchema(['createdAt', 'totalCents', 'number']).default('-createdAt'),
});
export type PortalOrdersQuery = z.infer<typeof portalOrdersQuerySchema>;
/** The CSV holds the whole filtered result, so it takes no paging. */
export const portalOrdersCsvQuerySchema = portalOrdersQuerySchema.omit({ page: true, pageSize: true });
export type PortalOrdersCsvQuery = z.infer<typeof portalOrdersCsvQuerySchema>;
export const pagedPortalOrdersSchema = pagedSchema(portalOrderSchema, 'PagedPortalOrders');

/** A statement period: whole UTC days from `from` to `to`, both included (`to` before `from` is refused). */
export const statementQuerySchema = pageQuerySchema({ defaultSize: 50, maxSize: 500 }).extend({
  from: dateField,
  to: dateField,
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;
/** The statement's CSV holds every entry of the period, so it takes no paging. */
export const statementCsvQuerySchema = statementQuerySchema.pick({ from: true, to: true });

export const ledgerEntrySchema = z
  .object({
    id: z.uuid(),
    kind: creditEntryKindSchema,
    bucket: z.enum(creditBuckets),
    amountCents: z.number().int(),
    orderId: z.uuid().nullable(),
    orderNumber: z.string().nullable(),
    creditAfterCents: z.number().int(),
    bonusAfterCents: z.number().int(),
    /** Credit and bonus after this entry: the running balance. */
    balanceAfterCents: z.number().int(),
    /** Why, for a staff adjustment (its reason); null otherwise. */
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const balancePointSchema = z.object({
  creditCents: z.number().int(),
  bonusCents: z.number().int(),
  totalCents: z.number().int(),
});

export const statementSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    opening: balancePointSchema,
    closing: balancePointSchema,
    /** Sum of the period's entries per kind (signed): opening + every total = closing. */
    totals: z.record(creditEntryKindSchema, z.number().int()),
    entries: pagedSchema(ledgerEntrySchema, 'PagedLedgerEntries'),
  })
  .register(apiSchemas, { id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;

export const resellerPackagesQuerySchema = pageQuerySchema({ defaultSize: 24, maxSize: 100 }).extend({
  type: packageTypeSchema.optional(),
  q: searchField.optional(),
});
export type ResellerPackagesQuery = z.infer<typeof resellerPackagesQuerySchema>;

export const resellerPackageSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    type: packageTypeSchema,
    countryCode: z.string().nullable(),
    regionCode: z.string().nullable(),
    dataMb: z.number().int().nullable(),
    validityDays: z.number().int(),
    topUpAllowed: z.boolean(),
    resellerPriceCents: z.number().int(),
    /** Reseller price + the shop's sellShopPrice markup, rounded to the cent. */
    retailPriceCents: z.number().int(),
  })
  .register(apiSchemas, { id: 'ResellerPackage' });
export type ResellerPackage = z.infer<typeof resellerPackageSchema>;
export const pagedResellerPackagesSchema = pagedSchema(resellerPackageSchema, 'PagedResellerPackages');

/** The suggested retail price of a reseller price under a shop's markup in percent. */
export const suggestedRetailCents = (resellerPriceCents: number, sellShopPricePercent: number) =>
  Math.round((resellerPriceCents * (100 + sellShopPricePercent)) / 100);

/** The portal home (SPEC section 2: cards for orders, active users, credits and packages; recent activity). */
export const portalSummarySchema = z
  .object({
    balances: balancesSchema,
    /** Every order of the shop (purchases, refills, changes, credit top-ups). */
    ordersCount: z.number().int(),
    /** Subscribers with at least one active package. */
    activeUsers: z.number().int(),
    /** Packages on the reseller price list. */
    packagesCount: z.number().int(),
    /** The last ledger entries, newest first. */
    recentEntries: z.array(ledgerEntrySchema),
    /** The last orders, newest first. */
    recentOrders: z.array(portalOrderSchema),
  })
  .register(apiSchemas, { id: 'PortalSummary' });
export type PortalSummary = z.infer<typeof portalSummarySchema>;

/** The shop's own details (SPEC section 3: shopName, company logo, sellShopPrice) and its low-balance threshold. */
export const shopProfileSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** Whether a company logo is stored (GET /api/portal/shop/logo answers it). */
    hasLogo: z.boolean(),
    sellShopPrice: z.number().int(),
    /** An e-mail goes out when credit + bonus falls under it after a purchase; null: never. */
    lowBalanceThresholdCents: z.number().int().nullable(),
  })
  .register(apiSchemas, { id: 'ShopProfile' });
export type ShopProfile = z.infer<typeof shopProfileSchema>;

/** Largest low-balance threshold (100,000 EUR). */
export const maxLowBalanceThresholdCents = 10_000_000;

export const updateShopBodySchema = z.strictObject({
  shopName: textField(100, 2),
  /** The retail markup in whole percent (stored as an integer, like at registration). */
  sellShopPrice: z.number().int().min(0).max(1000),
  lowBalanceThresholdCents: z.number().int().min(0).max(maxLowBalanceThresholdCents).nullable(),
});
export type UpdateShopBody = z.infer<typeof updateShopBodySchema>;

export type PagedPortalOrders = z.infer<typeof pagedPortalOrdersSchema>;
export type PagedResellerPackages = z.infer<typeof pagedResellerPackagesSchema>;
