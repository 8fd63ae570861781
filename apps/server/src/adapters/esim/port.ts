import type { Operator } from '@esim/contracts';

/** A package as a wholesaler offers it, normalised from the provider's own format. */
export type WholesalePackage = {
  code: string;
  name: string;
  scope: 'local' | 'regional' | 'global';
  /** Our region code for regional packages, when the provider's package maps onto one. */
  regionCode: string | null;
  coverage: { country: string; operators: Operator[] }[];
  /** null means unlimited data. */
  dataMb: number | null;
  validityDays: number;
  wholesaleCents: number;
  topUpAllowed: boolean;
  activation: 'on_install' | 'on_first_use';
};

/** An eSIM profile as the provider allocated it. `activationCode` is SGP.22 `LPA:1$<smdp>$<matchingId>`. */
export type EsimProfile = {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  activationCode: string;
  /** The provider's own id for this profile (eSIM Access: esimTranNo); used for top-up, usage, cancel, revoke. */
  providerRef: string;
  status: 'ready' | 'installed' | 'enabled' | 'disabled' | 'cancelled' | 'revoked';
};

export type EsimOrderResult =
  | { status: 'allocating'; providerOrderRef: string }
  | { status: 'ready'; providerOrderRef: string; profile: EsimProfile };

export type EsimUsage = { providerRef: string; usedMb: number; totalMb: number | null; updatedAt: Date };

/** Provider notifications (eSIM Access webhooks), normalised. */
export type EsimWebhookEvent =
  | { type: 'order_status'; providerOrderRef: string; transactionId: string | null; ready: boolean }
  | { type: 'data_usage'; providerRef: string; iccid: string | null; usedMb: number; totalMb: number | null }
  | { type: 'ignored'; notifyType: string };

/** A provider call that failed in a way worth retrying (timeout, 5xx, rate limit) or not (bad request). */
export class EsimProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

/**
 * The eSIM wholesaler (DESIGN section 4). Adapters: sandbox.ts (default, offline) and esim-access.ts.
 * Every call has a timeout; ordering and top-up are idempotent by our `transactionId` (the order id), so a
 * retried job never buys twice.
 */
export type EsimProvider = {
  name: string;
  listPackages: () => Promise<WholesalePackage[]>;
  orderProfile: (input: {
    transactionId: string;
    packageCode: string;
    wholesaleCents: number;
  }) => Promise<EsimOrderResult>;
  queryOrder: (
    providerOrderRef: string,
  ) => Promise<{ status: 'allocating' } | { status: 'ready'; profile: EsimProfile }>;
  topUp: (input: {
    transactionId: string;
    providerRef: string;
    packageCode: string;
    wholesaleCents: number;
  }) => Promise<void>;
  getUsage: (providerRefs: string[]) => Promise<EsimUsage[]>;
  /** Cancels an unused, not installed profile (the wholesaler refunds it). */
  cancel: (providerRef: string) => Promise<void>;
  /** Disables a profile for good (change of eSIM). */
  revoke: (providerRef: string) => Promise<void>;
  /** Verifies and normalises a webhook; throws EsimProviderError (not retryable) when the signature is wrong. */
  parseWebhook: (headers: Record<string, string | string[] | undefined>, rawBody: Buffer) => EsimWebhookEvent;
};
