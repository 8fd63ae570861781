import type { OrderReceipt } from '@esim/contracts';
import { orderViewHeader } from '@esim/contracts/headers';
import { isApiError } from '@esim/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * While the eSIM is being prepared, the success page asks again and the server holds each request until the
 * order finishes (`wait`, at most 10 s), so the QR code shows as soon as it exists rather than at the next poll
 * (a 1 s poll kept it back about 1.2 s on Slow 4G). The first held request follows the first answer at once;
 * after that it pauses half a second between requests for the first 40 answers (an answer not held, such as a
 * payment still being confirmed, comes back at once), then 3 s, for at most 10 minutes.
 */
const receiptWaitSeconds = 10;
/** react-query takes 0 as "no interval": the shortest real one. */
const receiptFirstHeldMs = 1;
const receiptPollMs = 500;
const receiptFastPolls = 40;
const receiptSlowPollMs = 3_000;
export const receiptPollLimitMs = 10 * 60_000;

/** While the order is still being carried out (ADR 0090: its lifecycle, whatever refunds it has). */
const inProgress = (receipt: OrderReceipt) =>
  receipt.fulfilmentStatus === 'pending' || receipt.fulfilmentStatus === 'paid';

/**
 * True while fulfilment may still change what the page shows: a new eSIM (or a change's replacement) until it
 * arrives, a top-up or a gift (which bring the buyer no QR code) until the order is carried out.
 */
export const isEsimPending = (receipt: OrderReceipt) =>
  inProgress(receipt) && (receipt.kind === 'topup' || receipt.kind === 'gift_esim' || receipt.esim === null);

/**
 * When to ask for the receipt again (ms), or false once waiting brings nothing more. After the first answer
 * (not held: the page shows "preparing" at once) the held request goes straight away; it returns when the order
 * finishes, so a pause before it only delays the QR code (half a second on Slow 4G, in bench:journey).
 */
export const nextReceiptAsk = (receipt: OrderReceipt | undefined, answers: number): number | false => {
  if (!receipt || !isEsimPending(receipt)) return false;
  if (answers <= 1) return receiptFirstHeldMs;
  return answers < receiptFastPolls ? receiptPollMs : receiptSlowPollMs;
};

/**
 * GET /api/orders/:orderId/receipt with the view token from the payment confirmation (404 without it); with
 * `waitSeconds`, a paid order's answer comes when it finishes.
 */
export const getOrderReceipt = (orderId: string, viewToken: string, signal?: AbortSignal, waitSeconds = 0) =>
  api.get<OrderReceipt>(
    `/orders/${encodeURIComponent(orderId)}/receipt${waitSeconds ? `?wait=${waitSeconds}` : ''}`,
    {
      headers: { [orderViewHeader]: viewToken },
      ...(signal ? { signal } : {}),
    },
  );

export const orderReceiptQueryOptions = (orderId: string, viewToken: string, poll = true) =>
  queryOptions({
    queryKey: ['orders', orderId, 'receipt'],
    // The first answer at once (the page shows "preparing"); later ones held until the order finishes.
    queryFn: ({ signal, client, queryKey }) =>
      getOrderReceipt(
        orderId,
        viewToken,
        signal,
        poll && client.getQueryData(queryKey) ? receiptWaitSeconds : 0,
      ),
    staleTime: 0,
    // A refused view token will not be accepted on a second try; a network hiccup may pass.
    retry: (failures, error) =>
      failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    refetchInterval: (query) =>
      poll ? nextReceiptAsk(query.state.data, query.state.dataUpdateCount) : false,
  });

/** The receipt of a paid order, polled (while `poll`) as long as its eSIM is still being prepared. */
export const useOrderReceipt = (orderId: string, viewToken: string, poll: boolean) =>
  useQuery(orderReceiptQueryOptions(orderId, viewToken, poll));
