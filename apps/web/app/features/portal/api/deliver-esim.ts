import type {
  CreateDeliveryBody,
  PortalEsimInstall,
  SubscriberDelivery,
} from '@esim/contracts/portal-subscribers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';

/** POST /api/portal/esims/:esimId/deliveries: the install details to the subscriber by e-mail or SMS. */
export const deliverEsim = (esimId: string, body: CreateDeliveryBody) =>
  api.post<SubscriberDelivery>(`/portal/esims/${encodeURIComponent(esimId)}/deliveries`, body);

/** POST /api/portal/esims/:esimId/print: the printable install sheet (PDF with the shop's name and logo). */
export const printEsim = (esimId: string) =>
  downloadFile({
    path: `/portal/esims/${encodeURIComponent(esimId)}/print`,
    method: 'POST',
    accept: 'application/pdf',
    fallbackName: `esim-${esimId}.pdf`,
  });

/** A delivery of any channel; the subscriber's page is refreshed after it (its delivery history). */
export const useDeliverEsim = (esimId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      body: CreateDeliveryBody | { channel: 'print' },
    ): Promise<SubscriberDelivery | null> => {
      if (body.channel !== 'print') return deliverEsim(esimId, body);
      await printEsim(esimId);
      return null;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['portal', 'subscriber'] }),
  });
};

/** GET /api/portal/esims/:esimId/install: QR code, manual details and one-tap link of a subscriber's eSIM. */
export const usePortalEsimInstall = (esimId: string | null) =>
  useQuery({
    queryKey: ['portal', 'esim-install', esimId],
    queryFn: ({ signal }) =>
      api.get<PortalEsimInstall>(`/portal/esims/${encodeURIComponent(esimId ?? '')}/install`, { signal }),
    enabled: Boolean(esimId),
    staleTime: 5 * 60_000,
  });
