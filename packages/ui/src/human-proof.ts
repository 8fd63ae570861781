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

/** The server accepts a challenge for 10 minutes; one solved ahead is used only while well inside that. */
const advanceMaxAgeMs = 8 * 60_000;

/**
 * A proof solved while the visitor fills the form, so submitting does not wait for it: on a slow phone the
 * challenge's round trip and the hashing took up to a few seconds after the click. `prepare` starts solving
 * (once; again when the one held is too old); `take` hands the prepared proof over, once, or solves a new one
 * when none is ready or preparing failed. A proof is spent by the request that carries it, so a form asks
 * `take` for each submit.
 */
export const createHumanProofInAdvance = (
  client: Pick<ApiClient, 'get'>,
  { now = Date.now, maxAgeMs = advanceMaxAgeMs } = {},
) => {
  let prepared: { at: number; proof: Promise<string> } | null = null;
  const fresh = () => prepared !== null && now() - prepared.at <= maxAgeMs;
  return {
    prepare: () => {
      if (fresh()) return;
      const proof = createHumanProof(client);
      // Failing ahead is not shown: `take` solves again and reports that attempt's failure.
      proof.catch(() => {});
      prepared = { at: now(), proof };
    },
    take: async (): Promise<string> => {
      const held = fresh() ? prepared : null;
      prepared = null;
      if (held) {
        try {
          return await held.proof;
        } catch {}
      }
      return createHumanProof(client);
    },
  };
};

/**
 * Forms validate with the contract's body schema as is, which requires `humanProof`. The proof is solved on
 * submit, so a form starts with this placeholder and replaces it with `createHumanProof` before sending.
 */
export const humanProofPlaceholder = 'solved-on-submit';
