/**
 * The staff dashboard's contracts (issue 12), an entry point of their own (`@esim/contracts/staff`): the public
 * site never imports them, so their schemas stay out of its bundles (DESIGN section 7).
 */

export * from './admin-orders';
export * from './businesses';
export * from './campaigns';
export * from './clients';
export * from './coupons';
export * from './dashboard';
export * from './facebook-ads';
export * from './finance';
export * from './order-analytics';
export * from './package-statistics';
export * from './push-notifications';
export * from './saved-views';
export * from './seo';
export * from './settings';
export * from './shops';
export * from './staff-gift-cards';
export * from './staff-gift-esims';
export * from './staff-orders';
export * from './staff-packages';
export * from './staff-refunds';
export * from './staff-users';
export * from './statistics';
