import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { EsimWebhookEvent } from '../../adapters/esim/port';
import { findEsimByProviderRef } from './esims.repository';
import { applyUsage, type UsageDeps } from './usage.service';

/**
 * One notice from the eSIM provider. Usage goes through the same rules as the scheduled sync (notices once,
 * depletion starts the queued package); "order ready" is handed to `onOrderReady` (the orders module completes
 * the order at once instead of at its next poll), so this module needs nothing from the orders module.
 */
export const handleProviderEvent = async (
  deps: UsageDeps,
  event: EsimWebhookEvent,
  onOrderReady: (orderId: string, providerOrderRef: string) => Promise<void>,
  log: FastifyBaseLogger,
) => {
  if (event.type === 'data_usage') {
    const esim = await findEsimByProviderRef(deps.db, event.providerRef, event.iccid);
    if (esim) await applyUsage(deps, esim.id, event.usedMb);
    else log.warn({ providerRef: event.providerRef }, 'eSIM webhook: usage for an unknown eSIM');
  }
  // Our transaction ids are order ids; anything else is not ours to act on.
  if (event.type !== 'order_status' || !event.ready) return;
  const orderId = z.uuid().safeParse(event.transactionId);
  if (orderId.success) await onOrderReady(orderId.data, event.providerOrderRef);
};
