import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createHumanProof, solveHumanChallenge } from './human-proof';
import { createHumanProofInAdvance } from './human-proof-in-advance';

/** A signed SHA-256 challenge whose only answer is `counter` (altcha's deterministic mode), as the server makes. */
const challengeAt = (counter: number, options: { expiresAt?: number } = {}) =>
  createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter,
    deriveKey,
    hmacSignatureSecret: 'test-secret',
    ...options,
  });

describe('createHumanProof', () => {
  it('solves the challenge into base64 JSON of { challenge, solution } that the server verifies', async () => {
    const challenge = await challengeAt(500);
    const proof = await createHumanProof({ get: async <T>() => challenge as T });
    const decoded = JSON.parse(atob(proof));
    expect(decoded.challenge).toEqual(challenge);
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: 'test-secret',
    });
    expect(result.verified).toBe(true);
  });
});

describe('solveHumanChallenge', () => {
  const verify = (challenge: Challenge, solution: Solution | null) =>
    verifySolution({
      challenge,
      solution: solution ?? { counter: -1, derivedKey: '' },
      deriveKey,
      hmacSignatureSecret: 'test-secret',
    });

  it("finds a solution the server's altcha-lib verifies: the production difficulty, several rounds, a 16-byte key", async () => {
    for (const options of [
      { keyPrefix: '000' },
      { keyPrefix: '0a', cost: 3 },
      { keyPrefix: '00', keyLength: 16 },
    ]) {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        deriveKey,
        hmacSignatureSecret: 'test-secret',
        ...options,
      });
      const solution = await solveHumanChallenge(challenge);
      expect((await verify(challenge, solution)).verified).toBe(true);
    }
  });

  it('refuses an algorithm it does not implement rather than solving the wrong puzzle', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-512',
      cost: 1,
      deriveKey,
      hmacSignatureSecret: 'test-secret',
    });
    await expect(solveHumanChallenge(challenge)).rejects.toThrow('unsupported challenge algorithm');
  });

  it('lets other tasks run between slices of tries instead of hashing in one long task', async () => {
    // Deterministic: counter 700 is the only answer, so the solver tries 701 counters.
    const challenge = await challengeAt(700);
    const events: string[] = [];
    setImmediate(() => events.push('other task'));
    const solving = solveHumanChallenge(challenge).then((solution) => {
      events.push('solved');
      return solution;
    });
    expect((await solving)?.counter).toBe(700);
    expect(events).toEqual(['other task', 'solved']);
  });

  it('stops when the form is left', async () => {
    const challenge = await challengeAt(5000);
    const controller = new AbortController();
    controller.abort();
    await expect(solveHumanChallenge(challenge, controller.signal)).resolves.toBeNull();
  });
});

describe('createHumanProofInAdvance', () => {
  const challenges = () => {
    const issued: number[] = [];
    const client = {
      get: async <T>() => {
        issued.push(issued.length);
        return (await challengeAt(50 + issued.length)) as T;
      },
    };
    return { client, issued };
  };
  const counterOf = (proof: string) => JSON.parse(atob(proof)).solution.counter as number;

  it('solves once while the form is filled and hands that proof to the submit, once', async () => {
    const { client, issued } = challenges();
    const advance = createHumanProofInAdvance(client);
    advance.prepare();
    advance.prepare();
    expect(issued).toHaveLength(1);
    expect(counterOf(await advance.take())).toBe(51);
    // Spent by that submit: the next one solves a new challenge.
    expect(counterOf(await advance.take())).toBe(52);
    expect(issued).toHaveLength(2);
  });

  it('solves a new one when the prepared proof is too old or preparing failed', async () => {
    let clock = 0;
    const { client, issued } = challenges();
    const advance = createHumanProofInAdvance(client, { now: () => clock, maxAgeMs: 1000 });
    advance.prepare();
    clock = 1001;
    expect(counterOf(await advance.take())).toBe(52);
    expect(issued).toHaveLength(2);

    let calls = 0;
    const flaky = {
      get: async <T>() => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return client.get<T>();
      },
    };
    const retrying = createHumanProofInAdvance(flaky);
    retrying.prepare();
    await expect(retrying.take()).resolves.toBeTypeOf('string');
    expect(calls).toBe(2);
  });

  it("solves the page's own challenge without asking the API, once, while it outlives a prepared proof", async () => {
    const { client, issued } = challenges();
    const expiresAt = 1_000_000;
    const pageChallenge = await challengeAt(7, { expiresAt });
    const startsAt = (expiresAt - 10 * 60) * 1000;
    const advance = createHumanProofInAdvance(client, { now: () => startsAt, challenge: pageChallenge });
    advance.prepare();
    expect(counterOf(await advance.take())).toBe(7);
    expect(issued).toHaveLength(0);
    // Spent: the next submit asks the API.
    expect(counterOf(await advance.take())).toBe(51);

    // Three minutes before it expires it would not last as long as a prepared proof is kept (8 minutes).
    const late = createHumanProofInAdvance(client, {
      now: () => (expiresAt - 3 * 60) * 1000,
      challenge: pageChallenge,
    });
    late.prepare();
    expect(counterOf(await late.take())).toBe(52);
  });
});
