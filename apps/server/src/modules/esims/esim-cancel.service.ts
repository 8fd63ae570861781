import { esimAllows, isPackageLive, isPackageStarted } from '@esim/contracts/esim-lifecycle';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import { type EsimProvider, EsimProviderError } from '../../adapters/esim/port';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { type EsimNoticeDeps, queueEsimEndedNotices } from './esim-ended-mails';
import {
  type EsimRow,
  endEsim,
  isEsimUnused,
  listOrderPackages,
  listOrdersWaitingOnEsim,
  lockEsim,
} from './esims.repository';

// Ending a profile at the eSIM provider (ADR 0091): the one path by which a staff refund cancels an order's eSIM
// and by which an unused eSIM is freed. Both need the profile unused (the provider cancels only a profile never
// installed, and whatever else was paid for on it would go with it), end it in our records with its packages, and
// tell the people concerned.

export type EsimCancelDeps = EsimNoticeDeps & { esimProvider: EsimProvider };

/**
 * Cancels one profile at the provider and ends it here as `freed` or `cancelled` (its live packages `deleted`,
 * the time kept), with the provider call on its order's timeline and the notices, in the caller's transaction,
 * which holds the eSIM's row lock and has checked it unused. The provider's refusal is thrown as is
 * (`EsimProviderError`) for the caller to word; nothing changed then.
 */
export const cancelEsimProfile = async (
  deps: EsimCancelDeps,
  tx: Db,
  esim: EsimRow,
  by: { ended: 'freed' | 'cancelled'; staffUserId: string | null },
) => {
  const started = Date.now();
  await deps.esimProvider.cancel(esim.providerRef);
  if (esim.orderId)
    await recordOrderEvent(tx, esim.orderId, {
      kind: 'provider_call',
      actor: by.staffUserId ? 'staff' : 'system',
      staffUserId: by.staffUserId,
      detail: { request: 'cancel', ok: true, answer: 'cancelled', ms: Date.now() - started },
    });
  await endEsim(tx, esim.id, by.ended);
  await queueEsimEndedNotices(deps, tx, esim.id, by.ended);
};

const wholesaleOf = (snapshot: Record<string, unknown> | null) =>
  typeof snapshot?.wholesaleCents === 'number' ? snapshot.wholesaleCents : 0;

/**
 * What a package-cancelling staff refund gives back at the eSIM provider (ADR 0037, 0091): the eSIM the order
 * bought, cancelled whole, only while nothing on it was used and no other order's package or paid top-up waits
 * on it (those are named in the refusal: refund them first, or keep the eSIM). A package the order put on an
 * eSIM it did not buy (a top-up) cannot be cancelled alone. Refusals say why and that nothing was refunded; the
 * provider's refusal carries its reason. Answers the wholesale cost recovered (0 when cancelled before).
 */
export const cancelPackagesOfOrder = async (
  deps: EsimCancelDeps,
  tx: Db,
  order: { id: string },
  input: { staffUserId: string; t: TFunction },
): Promise<number> => {
  const refuse = (key: string, values: Record<string, string> = {}) =>
    new AppError('ESIM_PACKAGE_NOT_CANCELLABLE', undefined, input.t(`admin:refunds.errors.${key}`, values));
  const live = (await listOrderPackages(tx, order.id)).filter((p) => p.esimPackage.status !== 'deleted');
  // Cancelled by an earlier refund of this order: nothing left to cancel or recover.
  if (live.length === 0) return 0;
  if (!live.every((p) => p.esim.orderId === order.id)) throw refuse('packageOnAnotherEsim');
  for (const esimId of new Set(live.map((p) => p.esim.id))) {
    const esim = await lockEsim(tx, esimId);
    const own = live.filter((p) => p.esim.id === esimId).map((p) => p.esimPackage);
    if (!esim || !esimAllows(esim.status, 'end') || esim.installCount > 0) throw refuse('packageInUse');
    if (own.some((p) => !isPackageLive(p.status) || isPackageStarted(p))) throw refuse('packageInUse');
    const waiting = await listOrdersWaitingOnEsim(tx, esim.id, order.id);
    if (waiting.length > 0) throw refuse('otherOrdersOnEsim', { orders: waiting.join(', ') });
    if (!(await isEsimUnused(tx, esim.id))) throw refuse('packageInUse');
    try {
      await cancelEsimProfile(deps, tx, esim, { ended: 'cancelled', staffUserId: input.staffUserId });
    } catch (error) {
      if (!(error instanceof EsimProviderError)) throw error;
      throw refuse('providerRefused', { reason: error.message });
    }
  }
  return live.reduce((sum, p) => sum + wholesaleOf(p.esimPackage.snapshot), 0);
};
