import {
  type EsimAction,
  type EsimStatus,
  endedEsimErrorCodes,
  endedStatusOf,
  esimAllows,
} from '@esim/contracts/esim-lifecycle';
import { AppError } from '../../lib/app-error';

// The server's side of the eSIM lifecycle (ADR 0091): the table itself is pure and shared with the screens
// (`@esim/contracts/esim-lifecycle`); every route, job and service that uses an eSIM asks it here.

/**
 * Refuses what the eSIM's state does not allow, with the code of how it ended (replaced, freed or cancelled), so
 * the translated message says what happened instead of a bare "not allowed".
 */
export const assertEsimAllows = (esim: { status: EsimStatus }, action: EsimAction) => {
  if (esimAllows(esim.status, action)) return;
  const ended = endedStatusOf(esim.status);
  throw new AppError(ended ? endedEsimErrorCodes[ended] : 'ACTION_NOT_ALLOWED');
};
