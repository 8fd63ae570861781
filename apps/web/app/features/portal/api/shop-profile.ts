import type { ShopProfile, UpdateShopBody } from '@esim/contracts/portal';
import { apiBaseUrl, apiTimeoutMs } from '@esim/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/portal/shop: name, whether a logo is stored, sellShopPrice, low-balance threshold. */
export const getShop = (signal?: AbortSignal) =>
  api.get<ShopProfile>('/portal/shop', signal ? { signal } : {});

export const shopQueryOptions = () =>
  queryOptions({ queryKey: ['portal', 'shop'], queryFn: ({ signal }) => getShop(signal) });

export const useShop = () => useQuery(shopQueryOptions());

/** PUT /api/portal/shop. */
export const updateShop = (body: UpdateShopBody) => api.put<ShopProfile>('/portal/shop', body);

/** PUT /api/portal/shop/logo (multipart, one `logo` file). */
export const uploadShopLogo = (file: File) => {
  const body = new FormData();
  body.append('logo', file);
  return api.put<ShopProfile>('/portal/shop/logo', body);
};

/** GET /api/portal/shop/logo as an object URL for a preview (the route needs the bearer token); null if none. */
export const getShopLogoUrl = async (): Promise<string | null> => {
  const token = api.getToken();
  const response = await fetch(`${apiBaseUrl}/portal/shop/logo`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(apiTimeoutMs),
  });
  if (!response.ok) return null;
  return URL.createObjectURL(await response.blob());
};
