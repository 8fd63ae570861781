import type { CustomerEsimInstall } from '@esim/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/account/esims/:esimId/install: QR code, manual details, one-tap link and reinstall count. */
export const getEsimInstall = (esimId: string, signal?: AbortSignal) =>
  api.get<CustomerEsimInstall>(
    `/account/esims/${encodeURIComponent(esimId)}/install`,
    signal ? { signal } : {},
  );

export const esimInstallQueryOptions = (esimId: string) =>
  queryOptions({
    queryKey: ['account', 'esims', esimId, 'install'],
    queryFn: ({ signal }) => getEsimInstall(esimId, signal),
    staleTime: 5 * 60_000,
  });

export const useEsimInstall = (esimId: string | null) =>
  useQuery({ ...esimInstallQueryOptions(esimId ?? ''), enabled: Boolean(esimId) });
