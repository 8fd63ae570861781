import { data } from 'react-router';
import { NotFound } from '../../components/not-found';

/** Any unknown path: the server answers 404 and the page keeps the site's header and footer. */
export const loader = () => {
  throw data(null, { status: 404 });
};

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
