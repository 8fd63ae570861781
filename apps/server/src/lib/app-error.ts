import type { ErrorCode } from '@esim/contracts';

/** A domain error with a stable code (contracts/errors.ts); the error plugin translates and maps it to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string[]>,
    /** An English message that replaces the translated one (the three token replies clients match on). */
    readonly fixedMessage?: string,
    /** Values the translated message (and the field messages from `errors.*`) interpolate, e.g. `{ missing }`. */
    readonly values?: Record<string, string | number>,
    /** The message's i18n key when a code's general sentence says too little (`finance.errors.periodTooLong`). */
    readonly messageKey?: string,
  ) {
    super(code);
  }
}
