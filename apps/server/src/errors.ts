import type { ErrorCode, FieldError } from '@sciwise/contracts';

export const statusByCode: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_failed: 402,
  idempotency_mismatch: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** An error whose message is meant for the person using the product. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const invalid = (message: string, details?: FieldError[]) =>
  new AppError('invalid_input', message, details);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('unauthenticated', message);
export const forbidden = (message = "You don't have access to this.") => new AppError('forbidden', message);
export const notFound = (message = 'We could not find that.') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const paymentFailed = (message: string) => new AppError('payment_failed', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(
    'rate_limited',
    `Too many attempts. Please wait ${formatWait(retryAfterSeconds)} and try again.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
