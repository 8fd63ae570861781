import { Outlet, redirect } from 'react-router';
import { isLoggedIn, syncSession } from '../features/auth/api/get-user-profile';

/** Login-only routes: a signed-in user goes home (SPEC section 4). */
export async function clientLoader() {
  if (isLoggedIn(await syncSession())) throw redirect('/');
  return null;
}

export const shouldRevalidate = () => true;

export default function GuestLayout() {
  return <Outlet />;
}
