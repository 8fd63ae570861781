import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createHumanProof } from './human-proof';
import { createHumanProofInAdvance } from './human-proof-in-advance';

describe('createHumanProof', () => {
  it('solves the challenge into base64 JSON of { challenge, solution } that the server verifies', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 500,
      deriveKey,
      hmacSignatureSecret: 'test-secret',
    });
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

describe('createHumanProofInAdvance', () => {
  const challenges = () => {
    const issued: number[] = [];
    const client = {
      get: async <T>() => {
        issued.push(issued.length);
        return (await createChallenge({
          algorithm: 'SHA-256',
          cost: 1,
          counter: 50 + issued.length,
          deriveKey,
          hmacSignatureSecret: 'test-secret',
        })) as T;
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
});
