/**
 * Header names shared by the API and its clients. Apart from the schemas so that a page needing only a name
 * does not load zod and the phone metadata (`@esim/contracts/headers`: about 55 KB of gzip less on the
 * payment pages).
 */

/** Header carrying the receipt view token from `paymentOutcomeSchema`. */
export const orderViewHeader = 'x-order-view';
