import { sha256 } from '@noble/hashes/sha2.js';
import type { Challenge, Solution } from 'altcha-lib';
import { type ApiClient, ApiError } from './api-client';

// Two one-liners rather than @noble/hashes/utils' hexToBytes and bytesToHex, which add 0.3 KB of input checks
// to form pages already at their size ceilings (scripts/check-web-size.mjs).
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Tries between two turns for the page: a few milliseconds of hashing on a slow phone. */
const triesPerSlice = 256;
/** A macrotask, so input and rendering run in between; MessageChannel is not clamped as nested timers are. */
const pause = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Finds the counter whose derived key starts with the challenge's prefix: altcha's SHA-256 scheme (key =
 * SHA-256 applied `cost` times to salt + nonce + the counter as a big-endian uint32, cut to `keyLength`), which
 * the server checks with altcha-lib's `verifySolution`. altcha-lib's own browser solver awaits WebCrypto for
 * every try: a task round trip each, so the 4,096 tries of difficulty 3 took about 0.5 s on a phone-speed CPU,
 * after the buyer had pressed pay; its generic loop with a synchronous hash still cost 60 µs a try there, in one
 * long task. This loop hashes in place and compares nibbles, in slices that leave the page a turn.
 */
export const solveHumanChallenge = async (
  { parameters }: Challenge,
  signal?: AbortSignal,
): Promise<Solution | null> => {
  const { algorithm, cost, keyLength = 32, keyPrefix } = parameters;
  if (algorithm !== 'SHA-256') throw new Error(`unsupported challenge algorithm ${algorithm}`);
  const salt = fromHex(parameters.salt);
  const nonce = fromHex(parameters.nonce);
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt);
  input.set(nonce, salt.length);
  const counterAt = salt.length + nonce.length;
  const view = new DataView(input.buffer);
  const prefix = Array.from(keyPrefix.toLowerCase(), (digit) => Number.parseInt(digit, 16));
  const rounds = Math.max(1, cost);
  for (let counter = 0; counter <= 0xffff_ffff; counter++) {
    view.setUint32(counterAt, counter);
    let key = sha256(input);
    for (let round = 1; round < rounds; round++) key = sha256(key);
    let matches = true;
    for (let i = 0; i < prefix.length && matches; i++) {
      const byte = key[i >> 1] ?? 0;
      matches = (i % 2 === 0 ? byte >> 4 : byte & 15) === prefix[i];
    }
    if (matches) return { counter, derivedKey: toHex(key.slice(0, keyLength)) };
    if (counter % triesPerSlice === triesPerSlice - 1) {
      if (signal?.aborted) return null;
      await pause();
    }
  }
  return null;
};

export const humanVerificationFailedMessage = 'Human verification failed. Please try again.';

/**
 * Solves the self-hosted proof-of-work challenge (DESIGN section 5), the one given or a new one from the API,
 * and returns the `humanProof` value the order, register, partner, contact and forgot-password endpoints
 * expect: base64 of `{ challenge, solution }`.
 */
export const createHumanProof = async (
  client: Pick<ApiClient, 'get'>,
  signal?: AbortSignal,
  given?: Challenge,
): Promise<string> => {
  const challenge = given ?? (await client.get<Challenge>('/human-challenge', signal ? { signal } : {}));
  const solution = await solveHumanChallenge(challenge, signal).catch((error: unknown) => {
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
