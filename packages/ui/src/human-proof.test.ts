import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createHumanProof } from './human-proof';

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
