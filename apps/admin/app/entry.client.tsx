import { preloadRouteCode } from '@esim/ui/preload-route-code';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's default entry, but a screen change renders in one piece (no transition): with a transition
// the address changed first and the old screen stayed on screen, taking clicks and typing, while the new one
// rendered (ADR 0025). A screen's code is fetched in one wave, not import by import (preloadRouteCode).
const instrumentations = [preloadRouteCode()];
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter useTransitions={false} instrumentations={instrumentations} />
    </StrictMode>,
  );
});
