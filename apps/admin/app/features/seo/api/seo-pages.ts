/** SEO texts of country, region and global package pages: GET /api/staff/seo/:kind, GET and PUT /seo/:kind/:code. */
import type { Paged, SeoKind } from '@esim/contracts';
import type { SaveSeoPageBody, SeoPage, SeoTarget, SeoTargetsQuery } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listSeoTargets = (kind: SeoKind) => (query: SeoTargetsQuery, signal?: AbortSignal) =>
  api.get<Paged<SeoTarget>>(`/staff/seo/${kind}`, { query, ...(signal ? { signal } : {}) });

const pageUrl = (kind: SeoKind, code: string) => `/staff/seo/${kind}/${encodeURIComponent(code)}`;
const pageKey = (kind: SeoKind, code: string) => ['seoPage', kind, code] as const;

export const useSeoPage = (kind: SeoKind, code: string) =>
  useQuery({
    queryKey: pageKey(kind, code),
    queryFn: ({ signal }) => api.get<SeoPage>(pageUrl(kind, code), { signal }),
  });

/** Saves every locale's texts; the page and the list (its warnings) reload. */
export const useSaveSeoPage = (kind: SeoKind, code: string, listId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSeoPageBody) => api.put<SeoPage>(pageUrl(kind, code), body),
    onSuccess: (page) => {
      queryClient.setQueryData(pageKey(kind, code), page);
      return queryClient.invalidateQueries({ queryKey: [listId] });
    },
  });
};
