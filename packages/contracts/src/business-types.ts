/**
 * The kinds of partner (DESIGN section 3, businesses), without zod: the partner form shows them before its
 * contract has loaded.
 */
export const businessTypes = ['influencer', 'business', 'reseller'] as const;
