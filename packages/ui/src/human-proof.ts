import type { Challenge } from 'altcha-lib';
import { solveChallenge } from 'altcha-lib';
// The WebCrypto variant: 'altcha-lib/algorithms/sha' imports node:crypto and fails in browsers.
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { type ApiClient, ApiError } from './api-client';

export const humanVerificationFailedMessage = 'Human verification failed. Please try again.';

/**
 * Solves the self-hosted proof-of-work challenge (DESIGN section 5) and returns the `humanProof` value the
 * register, partner, contact and forgot-password endpoints expect: base64 of `{ challenge, solution }`.
 */
export const createHumanProof = async (
  client: Pick<ApiClient, 'get'>,
  signal?: AbortSignal,
): Promise<string> => {
  const challenge = await client.get<Challenge>('/human-challenge', signal ? { signal } : {});
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller }).catch((error: unknown) => {
    console.error('Human verification challenge could not be solved', error);
    return null;
  });
  if (!solution)
    throw new ApiError({
      status: 0,
      code: 'HUMAN_VERIFICATION_FAILED',
      message: humanVerificationFailedMessage,
    });
  return btoa(JSON.stringify({ challenge, solution }));
};

/**
 * Forms validate with the contract's body schema as is, which requires `humanProof`. The proof is solved on
 * submit, so a form starts with this placeholder and replaces it with `createHumanProof` before sending.
 */
export const humanProofPlaceholder = 'solved-on-submit';
