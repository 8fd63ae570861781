import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/public/home.tsx'),
  route('countries/:code', 'routes/public/country.tsx'),
  route('regions/:code', 'routes/public/region.tsx'),
  route('about', 'routes/public/about.tsx'),
  route('devices', 'routes/public/devices.tsx'),
  route('how-to-connect', 'routes/public/how-to-connect.tsx'),
  route('faq', 'routes/public/faq.tsx'),
  route('terms', 'routes/public/terms.tsx'),
  route('privacy', 'routes/public/privacy.tsx'),
  route('contact', 'routes/public/contact.tsx'),
  route('become-a-partner', 'routes/public/become-a-partner.tsx'),
  route('gift-cards', 'routes/public/gift-cards.tsx'),
  route('blog', 'routes/public/blog.tsx'),
  route('blog/:slug', 'routes/public/blog-post.tsx'),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('robots.txt', 'routes/public/robots.ts'),
  route('portal/verify-email', 'routes/public/verify-email.tsx'),
  // The two links of an e-mail change (ADR 0018): auth pages like reset-password, but signed in or out alike.
  route('confirm-email', 'routes/auth/confirm-email.tsx'),
  route('cancel-email-change', 'routes/auth/cancel-email-change.tsx'),
  route('dev/mailbox', 'routes/dev/mailbox.tsx'),
  route('cookie-consent', 'routes/public/cookie-consent.tsx'),
  // The installed site's page for no connection (issue 32), kept by the service worker (public/sw.js).
  route('offline', 'routes/public/offline.ts'),

  // Checkout: anyone can buy (buyers without an account get one); the provider returns to the payment pages.
  route('order/:slug', 'routes/checkout/order.tsx'),
  route('payment/success', 'routes/checkout/payment-success.tsx'),
  route('payment/failed', 'routes/checkout/payment-failed.tsx'),
  // A gift eSIM's claim link (issue 31): signed in or out alike.
  route('gift/claim', 'routes/checkout/gift-claim.tsx'),

  // Login-only pages: signed-in users are sent home (SPEC section 4).
  layout('routes/auth/guest-layout.tsx', [
    route('login', 'routes/auth/login.tsx'),
    route('register', 'routes/auth/register.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
    route('portal/login', 'routes/auth/portal-login.tsx'),
    route('portal/register', 'routes/auth/portal-register.tsx'),
  ]),

  // Customer dashboard (issue 5): others are sent to /login.
  layout('routes/account/account-layout.tsx', [
    route('account', 'routes/account/orders.tsx'),
    route('account/packages', 'routes/account/packages.tsx'),
    route('account/buy-package', 'routes/account/buy-package.tsx'),
    route('account/buy-esim', 'routes/account/buy-esim.tsx'),
    route('account/qr-code', 'routes/account/qr-code.tsx'),
    route('account/change-esim', 'routes/account/change-esim.tsx'),
    route('profile', 'routes/account/profile.tsx'),
  ]),

  // Shop-user pages: others are sent to /portal/login.
  route('portal', 'routes/portal/portal-layout.tsx', [
    index('routes/portal/portal-home.tsx'),
    route('top-up', 'routes/portal/top-up.tsx'),
    route('top-up/return', 'routes/portal/top-up-return.tsx'),
    route('statement', 'routes/portal/statement.tsx'),
    route('orders', 'routes/portal/orders.tsx'),
    route('packages', 'routes/portal/packages.tsx'),
    route('profile', 'routes/portal/profile.tsx'),
    route('subscribers', 'routes/portal/subscribers.tsx'),
    route('subscribers/:subscriberId', 'routes/portal/subscriber.tsx'),
    route('new-subscriber', 'routes/portal/new-subscriber.tsx'),
  ]),

  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
