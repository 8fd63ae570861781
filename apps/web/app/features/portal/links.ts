/** The reseller portal's screens (issue 11), in the order its menu lists them. */
export const portalLinks = [
  { to: '/portal', key: 'home', end: true },
  { to: '/portal/subscribers', key: 'subscribers' },
  { to: '/portal/new-subscriber', key: 'newSubscriber' },
  { to: '/portal/orders', key: 'orders' },
  { to: '/portal/top-up', key: 'topUp' },
  { to: '/portal/statement', key: 'statement' },
  { to: '/portal/packages', key: 'packages' },
  { to: '/portal/profile', key: 'profile' },
] as const;

export type PortalLinkKey = (typeof portalLinks)[number]['key'];
