import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

/** The root loader's data: consent choice, site origin and support contacts (undefined inside a broken root). */
export const useRootData = () => useRouteLoaderData<typeof rootLoader>('root');
