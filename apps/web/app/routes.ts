import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/public/home.tsx'),
  route('portal/verify-email', 'routes/public/verify-email.tsx'),
  route('dev/mailbox', 'routes/dev/mailbox.tsx'),
  route('cookie-consent', 'routes/public/cookie-consent.tsx'),

  // Login-only pages: signed-in users are sent home (SPEC section 4).
  layout('routes/auth/guest-layout.tsx', [
    route('login', 'routes/auth/login.tsx'),
    route('register', 'routes/auth/register.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
    route('portal/login', 'routes/auth/portal-login.tsx'),
    route('portal/register', 'routes/auth/portal-register.tsx'),
  ]),

  // Customer pages: others are sent to /login.
  layout('routes/account/account-layout.tsx', [route('profile', 'routes/account/profile.tsx')]),

  // Shop-user pages: others are sent to /portal/login.
  route('portal', 'routes/portal/portal-layout.tsx', [index('routes/portal/portal-home.tsx')]),

  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
