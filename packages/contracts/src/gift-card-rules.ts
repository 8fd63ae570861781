/**
 * Gift-card rules without zod (`@esim/contracts/gift-card-rules`): the site's gift-card page uses them on its
 * first load, where the contracts' schemas must not come along (DESIGN section 7).
 */
export const giftCardLimits = {
  minAmountEuros: 10,
  maxAmountEuros: 500,
  /** How far ahead the send date may be. */
  maxSendDays: 365,
  maxMessageCharacters: 500,
} as const;

/** The code's shape: four groups of four from Crockford's base-32 alphabet (no I, L, O, U). */
export const giftCardCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** A code as typed: spaces and dashes anywhere, any case; stored and compared as `XXXX-XXXX-XXXX-XXXX`. */
export const normaliseGiftCardCode = (typed: string) => {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  return plain.match(/.{1,4}/g)?.join('-') ?? '';
};

/** `YYYY-MM-DD` of a UTC day, `days` after `from`. */
export const utcDay = (from: Date, days = 0) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);

/** Whether a send date is allowed on `now`: today (UTC) or later, at most `maxSendDays` ahead. */
export const sendDateProblem = (sendOn: string, now: Date): 'past' | 'tooFar' | null =>
  sendOn < utcDay(now) ? 'past' : sendOn > utcDay(now, giftCardLimits.maxSendDays) ? 'tooFar' : null;
