/**
 * A partner's referral code from a `?ref=` link (ADR 0086): held in memory for the tab, stored on the device only
 * with the visitor's consent, sent with an order.
 */

/** How long a partner's referral link counts for the visitor it brought. */
const referralDays = 30;
const referralKey = 'referral';

/** A partner's code from a `?ref=` link, if it looks like one. */
export const referralFrom = (page: URL): string | undefined => {
  const code = page.searchParams.get('ref')?.trim();
  return code && /^[A-Za-z0-9-]{4,40}$/.test(code) ? code.toUpperCase() : undefined;
};

type ReferralStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The code of the partner link this tab arrived by, held in memory only (ADR 0086): nothing is stored on the
 * visitor's device before they accept; client-side page changes keep it, so an order in this tab still counts.
 */
let arrivedWith: string | undefined;

/** The page the site loaded on (entry.client): a partner's code in its address is held for this tab. */
export const noteReferral = (page: URL) => {
  arrivedWith = referralFrom(page) ?? arrivedWith;
};

/**
 * With the visitor's consent (the beacon's start, ADR 0086): the code this tab arrived by is kept 30 days, since
 * the order is often placed days later.
 */
export const rememberReferral = (storage: ReferralStorage, now = Date.now(), code = arrivedWith) => {
  if (code) storage.setItem(referralKey, JSON.stringify({ code, at: now }));
};

/** Consent withdrawn: the kept code is forgotten (this tab's own stays in memory). */
export const forgetReferral = (storage: Pick<Storage, 'removeItem'>) => storage.removeItem(referralKey);

/** The remembered code, while it still counts. */
export const storedReferral = (storage: ReferralStorage, now = Date.now()): string | undefined => {
  try {
    const saved = JSON.parse(storage.getItem(referralKey) ?? 'null') as { code?: string; at?: number } | null;
    if (saved?.code && typeof saved.at === 'number' && now - saved.at < referralDays * 86_400_000)
      return saved.code;
  } catch {
    // Unreadable: as if none.
  }
  return undefined;
};

/** The order page's own code, else this tab's, else the kept one (storage may be refused). */
export const currentReferral = (page: URL): string | undefined => {
  const here = referralFrom(page) ?? arrivedWith;
  try {
    return here ?? storedReferral(window.localStorage);
  } catch {
    return here;
  }
};
