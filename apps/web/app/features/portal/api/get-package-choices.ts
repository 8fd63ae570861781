import type { Paged } from '@esim/contracts';
import type { ResellerPackage, ResellerPackagesQuery } from '@esim/contracts/portal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/portal/packages: the reseller price list the wizard chooses from, searched and paged. */
export const getResellerPackages = (query: Partial<ResellerPackagesQuery>, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return api.get<Paged<ResellerPackage>>(`/portal/packages?${params}`, signal ? { signal } : {});
};

export const usePackageChoices = (query: Partial<ResellerPackagesQuery>, enabled = true) =>
  useQuery({
    queryKey: ['portal', 'package-choices', query],
    queryFn: ({ signal }) => getResellerPackages(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/portal/packages/:slug: one package of the reseller price list, at its price now. */
export const getResellerPackage = (slug: string, signal?: AbortSignal) =>
  api.get<ResellerPackage>(`/portal/packages/${encodeURIComponent(slug)}`, signal ? { signal } : {});

/** The package a link preselected (`?package=<slug>`). */
export const usePackageChoice = (slug: string | null) =>
  useQuery({
    queryKey: ['portal', 'package-choice', slug],
    queryFn: ({ signal }) => getResellerPackage(slug ?? '', signal),
    enabled: Boolean(slug),
  });

/** GET /api/portal/esims/:esimId/refill-packages: the packages that fit a subscriber's eSIM. */
export const useRefillPackages = (esimId: string | null) =>
  useQuery({
    queryKey: ['portal', 'refill-packages', esimId],
    queryFn: ({ signal }) =>
      api.get<{ items: ResellerPackage[] }>(
        `/portal/esims/${encodeURIComponent(esimId ?? '')}/refill-packages`,
        { signal },
      ),
    enabled: Boolean(esimId),
  });
