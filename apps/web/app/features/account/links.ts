/** The customer dashboard's screens (issue 5), in the order the dashboard menu and the header menu list them. */
export const accountLinks = [
  { to: '/account', key: 'orders', end: true },
  { to: '/account/packages', key: 'packages' },
  { to: '/account/buy-package', key: 'buyPackage' },
  { to: '/account/buy-esim', key: 'buyEsim' },
  { to: '/account/qr-code', key: 'qrCode' },
  { to: '/account/change-esim', key: 'changeEsim' },
  { to: '/profile', key: 'profile' },
] as const;

export type AccountLinkKey = (typeof accountLinks)[number]['key'];

/** Paths with the eSIM to preselect (`?esim=`), used by the buttons on the active packages screen. */
export const buyPackagePath = (esimId?: string) =>
  esimId ? `/account/buy-package?esim=${encodeURIComponent(esimId)}` : '/account/buy-package';
export const qrCodePath = (esimId?: string) =>
  esimId ? `/account/qr-code?esim=${encodeURIComponent(esimId)}` : '/account/qr-code';
export const changeEsimPath = (esimId?: string) =>
  esimId ? `/account/change-esim?esim=${encodeURIComponent(esimId)}` : '/account/change-esim';
export const packagesPath = '/account/packages';
export const buyEsimPath = '/account/buy-esim';
