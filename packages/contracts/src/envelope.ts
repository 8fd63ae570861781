import type { ErrorEnvelope } from './errors';
import { apiSchemas, z } from './zod';

export const errorEnvelopeSchema = z
  .object({
    code: z.string().register(apiSchemas, { example: 'VALIDATION_FAILED' }),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .register(apiSchemas, { id: 'Error' }) satisfies z.ZodType<ErrorEnvelope>;
