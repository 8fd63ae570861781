/** The packages group's calls (/api/staff/packages…, admin and analytics) and the queries they refresh. */
import type { Paged } from '@esim/contracts';
import type {
  AddPackageBody,
  BulkPackagesBody,
  CatalogueDiff,
  HighlightList,
  HighlightOrder,
  PackageAnswer,
  PackageChangeResult,
  ResellerBulkMarginBody,
  SetResellerPriceBody,
  StaffPackage,
  StaffPackageDetail,
  StaffPackagesQuery,
  UpdatePackageBody,
  WholesalePackageItem,
  WholesalePackagesQuery,
} from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const path = (packageId: string) => `/staff/packages/${encodeURIComponent(packageId)}`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const listStaffPackages = (query: StaffPackagesQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffPackage>>('/staff/packages', { query, ...withSignal(signal) });

export const listWholesalePackages = (query: WholesalePackagesQuery, signal?: AbortSignal) =>
  api.get<Paged<WholesalePackageItem>>('/staff/packages/wholesale', { query, ...withSignal(signal) });

export const packageQueryKey = (packageId: string) => ['staff-package', packageId] as const;

export const useStaffPackage = (packageId: string) =>
  useQuery({
    queryKey: packageQueryKey(packageId),
    queryFn: ({ signal }) => api.get<StaffPackageDetail>(path(packageId), { signal }),
  });

/** Every package list, drawer and ordered list reads again after a change (or a refusal: it may be stale). */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        [
          'staff-packages',
          'wholesale-packages',
          'staff-package',
          'package-highlights',
          'catalogue-diff',
        ].includes(String(query.queryKey[0])),
    });
};

export const useUpdatePackage = (packageId: string) => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (body: UpdatePackageBody) => api.patch<PackageAnswer>(path(packageId), body),
    onSettled,
  });
};

export const useDeletePackage = (packageId: string) => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: ({ version }: { version: string }) =>
      api.delete<PackageChangeResult>(path(packageId), { query: { version } }),
    onSettled,
  });
};

export const useBulkPackages = () => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (body: BulkPackagesBody) => api.post<PackageChangeResult>('/staff/packages/bulk', body),
    onSettled,
  });
};

export const useAddPackage = () => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (body: AddPackageBody) => api.post<PackageAnswer>('/staff/packages', body),
    onSettled,
  });
};

export const useHighlightOrder = (list: HighlightList) =>
  useQuery({
    queryKey: ['package-highlights', list],
    queryFn: ({ signal }) => api.get<HighlightOrder>(`/staff/packages/highlights/${list}`, { signal }),
  });

export const useSaveHighlightOrder = (list: HighlightList) => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put<PackageChangeResult>(`/staff/packages/highlights/${list}`, { ids }),
    onSettled,
  });
};

export const useSetResellerPrice = (packageId: string) => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (body: SetResellerPriceBody) => api.put<PackageAnswer>(`${path(packageId)}/reseller`, body),
    onSettled,
  });
};

export const useRemoveResellerPrice = (packageId: string) => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: ({ version }: { version: string }) =>
      api.delete<PackageChangeResult>(`${path(packageId)}/reseller`, { query: { version } }),
    onSettled,
  });
};

export const useResellerMargin = () => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (body: ResellerBulkMarginBody) =>
      api.post<PackageChangeResult>('/staff/packages/reseller/margin', body),
    onSettled,
  });
};

export const useCatalogueDiff = () =>
  useQuery({
    queryKey: ['catalogue-diff'],
    queryFn: ({ signal }) => api.get<CatalogueDiff>('/staff/packages/sync', { signal }),
  });

export const useApplySync = () => {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: () => api.post<PackageChangeResult>('/staff/packages/sync'),
    onSettled,
  });
};
