import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (19 MiB, t=2, p=1): DESIGN section 5.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
