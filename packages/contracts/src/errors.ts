/**
 * Stable error codes and their HTTP statuses, in one table. Clients translate by code; the server also
 * sends `message` already translated into the request's Accept-Language.
 */
export const errorStatus = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_REFRESH_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  PAGE_OUT_OF_RANGE: 404,
  EMAIL_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  PAYMENT_FAILED: 402,
  PAYMENT_COMPLETED_EARLIER: 409,
  ORDER_NOT_RETRIABLE: 409,
  INVOICE_UNAVAILABLE: 409,
  RECORD_CHANGED: 409,
  ACTION_NOT_ALLOWED: 409,
  CUSTOMER_BLOCKED: 409,
  GIFT_CLAIM_INVALID: 404,
  GIFT_CLAIMED_BY_OTHER: 409,
  RESTORE_PERIOD_OVER: 409,
  SAVED_VIEWS_LIMIT: 422,
  LAST_ADMIN: 409,
  OWN_ACCOUNT: 409,
  ADJUSTMENT_BELOW_ZERO: 422,
  TOP_UP_NOT_ALLOWED: 422,
  ESIM_DISABLED: 409,
  ESIM_CHANGE_IN_PROGRESS: 409,
  ESIM_CHANGE_PENDING: 409,
  TOP_UP_BELOW_MINIMUM: 422,
  INSUFFICIENT_CREDIT: 402,
  SHOP_NOT_ACTIVE: 403,
  PACKAGE_NOT_FOR_RESELLERS: 422,
  WRONG_CURRENT_PASSWORD: 422,
  CURRENT_PASSWORD_REQUIRED: 422,
  EMAIL_CHANGE_TOKEN_INVALID: 400,
  PASSWORD_MISMATCH: 422,
  HUMAN_VERIFICATION_FAILED: 422,
  RESET_TOKEN_INVALID: 400,
  VERIFICATION_TOKEN_INVALID: 400,
  VERIFICATION_TOKEN_EXPIRED: 410,
  FILE_INVALID: 422,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export type ErrorEnvelope = { code: string; message: string; errors?: Record<string, string[]> };

/** Exact English messages the clients depend on (SPEC sections 7 and 8, DESIGN section 5). */
export const tokenMessages = {
  TOKEN_EXPIRED: 'token expired',
  TOKEN_REFRESH_EXPIRED: 'Token has expired and can no longer be refreshed',
  UNAUTHORIZED: 'Unauthorized',
} as const;
