import type { ErrorEnvelope } from './errors';
import { z } from './zod';

export const errorEnvelopeSchema = z
  .object({
    code: z.string().meta({ example: 'VALIDATION_FAILED' }),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' }) satisfies z.ZodType<ErrorEnvelope>;
