import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { getQueryClient } from '../lib/query-client';

/** Wraps the pages that use TanStack Query (see lib/query-client.ts). */
export const QueryProvider = ({ children }: { children: ReactNode }) => {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};
