import { humanChallengeSchema } from '@esim/contracts';
import type { Db } from '@esim/db';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { spendProof } from './human-check.repository';

const proofSchema = z.object({
  challenge: humanChallengeSchema.required({ signature: true }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string() }),
});

const challengeTtlMs = 10 * 60 * 1000;

/**
 * Self-hosted proof-of-work challenge (ALTCHA, no third-party captcha). The browser spends a little CPU;
 * each solved challenge is accepted once (spent signatures are stored until they expire).
 */
export const createHumanCheck = (db: Db, options: { secret: string; difficulty: number }) => ({
  createChallenge: (): Promise<Challenge> =>
    createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      keyPrefix: '0'.repeat(options.difficulty),
      expiresAt: new Date(Date.now() + challengeTtlMs),
      hmacSignatureSecret: options.secret,
    }),

  /** Throws HUMAN_VERIFICATION_FAILED ("Human verification failed. Please try again.") unless the proof is good. */
  verify: async (proof: string | undefined) => {
    const failed = new AppError('HUMAN_VERIFICATION_FAILED', {
      humanProof: ['errors.HUMAN_VERIFICATION_FAILED'],
    });
    if (!proof) throw failed;
    let payload: z.infer<typeof proofSchema>;
    try {
      payload = proofSchema.parse(JSON.parse(Buffer.from(proof, 'base64').toString('utf8')));
    } catch {
      throw failed;
    }
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: options.secret,
    }).catch(() => null);
    if (!result?.verified) throw failed;
    if (!(await spendProof(db, payload.challenge.signature, new Date(Date.now() + challengeTtlMs))))
      throw failed;
  },
});
export type HumanCheck = ReturnType<typeof createHumanCheck>;
