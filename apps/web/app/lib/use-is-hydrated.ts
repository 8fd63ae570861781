import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false during server rendering and hydration, true afterwards: for work that must only run in the browser. */
export const useIsHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
