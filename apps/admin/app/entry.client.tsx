import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's default entry, but a screen change renders in one piece (no transition): with a transition
// the address changed first and the old screen stayed on screen, taking clicks and typing, while the new one
// rendered (ADR 0025).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter useTransitions={false} />
    </StrictMode>,
  );
});
