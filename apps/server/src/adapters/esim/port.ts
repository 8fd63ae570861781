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

/**
 * The eSIM wholesaler (DESIGN section 4). Adapters: sandbox.ts (default, offline) and the eSIM Access
 * adapter. Ordering, top-up and usage join this port with the checkout work.
 */
export type EsimProvider = {
  name: string;
  listPackages: () => Promise<WholesalePackage[]>;
};
