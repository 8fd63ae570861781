import type { Challenge } from 'altcha-lib';
import type { ApiClient } from './api-client';
import { createHumanProof } from './human-proof';

/** The server accepts a challenge for 10 minutes; one solved ahead is used only while well inside that. */
const advanceMaxAgeMs = 8 * 60_000;

/**
 * A proof solved while the visitor fills the form, so submitting does not wait for it: on a slow phone the
 * challenge's round trip and the hashing took up to a few seconds after the click. `prepare` starts solving
 * (once; again when the one held is too old); `take` hands the prepared proof over, once, or solves a new one
 * when none is ready or preparing failed. A proof is spent by the request that carries it, so a form asks
 * `take` for each submit.
 *
 * `challenge` is one the page arrived with (its loader's), so the first `prepare` needs no round trip: a
 * buyer whose browser fills the form in one tap pays within a second of the page. It is used once, and only
 * while it outlives the time a prepared proof is kept (so within two minutes of the page); later, or once
 * used, a new challenge comes from the API.
 */
export const createHumanProofInAdvance = (
  client: Pick<ApiClient, 'get'>,
  {
    now = Date.now,
    maxAgeMs = advanceMaxAgeMs,
    challenge,
  }: { now?: () => number; maxAgeMs?: number; challenge?: Challenge } = {},
) => {
  let given = challenge;
  let prepared: { at: number; proof: Promise<string> } | null = null;
  const fresh = () => prepared !== null && now() - prepared.at <= maxAgeMs;
  /** The page's challenge, once, while it outlives a proof prepared now; undefined otherwise. */
  const takeGiven = () => {
    const found = given;
    given = undefined;
    const expiresAtMs = (found?.parameters.expiresAt ?? 0) * 1000;
    return found && expiresAtMs - now() > maxAgeMs ? found : undefined;
  };
  return {
    prepare: () => {
      if (fresh()) return;
      const proof = createHumanProof(client, undefined, takeGiven());
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
      return createHumanProof(client, undefined, takeGiven());
    },
  };
};
