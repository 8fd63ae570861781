import { data, redirect } from 'react-router';
import { getConsentCookieHeader, isConsentChoice } from '../../lib/consent';
import { sameOriginPath } from '../../lib/same-origin-path';
import type { Route } from './+types/cookie-consent';

/**
 * POST /cookie-consent from the cookie banner. Works before the page's scripts have loaded (a plain form post
 * that redirects back) and after (a fetcher call that only sets the cookie).
 */
export const action = async ({ request }: Route.ActionArgs) => {
  const form = await request.formData();
  const choice = form.get('choice');
  if (!isConsentChoice(choice)) throw data(null, { status: 400 });
  const headers = {
    'Set-Cookie': getConsentCookieHeader(choice, new URL(request.url).protocol === 'https:'),
  };
  if (form.get('enhanced') === '1') return data({ choice }, { headers });
  // Back to the page, without the footer's "Cookie settings" that reopened the banner (ADR 0086).
  const back = new URL(sameOriginPath(form.get('redirectTo')), 'http://same.invalid');
  back.searchParams.delete('cookie-settings');
  return redirect(`${back.pathname}${back.search}`, { headers });
};

export const loader = () => {
  throw data(null, { status: 404 });
};
