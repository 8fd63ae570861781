import { contactMessageBodySchema } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { createLazyResolver } from './use-api-form';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const valid = { fullName: 'Ada Lovelace', email: 'ada@example.com', title: 'Hello', message: 'A question.' };

describe('createLazyResolver', () => {
  it('imports the contract once, and validations wait for it', async () => {
    let imports = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { resolver, load } = createLazyResolver(async () => {
      imports++;
      await gate;
      return contactMessageBodySchema.omit({ humanProof: true });
    });
    const early = resolver({ ...valid, email: 'not-an-email' }, undefined, options);
    void load();
    release();
    const result = await early;
    expect(imports).toBe(1);
    expect(Object.keys(result.errors)).toEqual(['email']);
    expect((await resolver(valid, undefined, options)).errors).toEqual({});
    expect(imports).toBe(1);
  });

  it('tries the import again after it failed (a flaky network)', async () => {
    let imports = 0;
    const { resolver } = createLazyResolver(async () => {
      imports++;
      if (imports === 1) throw new Error('chunk failed');
      return contactMessageBodySchema.omit({ humanProof: true });
    });
    await expect(resolver(valid, undefined, options)).rejects.toThrow('chunk failed');
    expect((await resolver(valid, undefined, options)).errors).toEqual({});
    expect(imports).toBe(2);
  });
});
