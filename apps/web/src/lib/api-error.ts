import type { ErrorCode, FieldError } from '@sciwise/contracts';

// The error every call of api-client.ts fails with; a module of its own so code that only tells
// errors apart does not import the client.

export const NETWORK_ERROR = 'Network error. Please try again.';

/** Every failed call: the HTTP status (0 when the network failed) and the server's own message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network' | 'bad_response';
  readonly details: FieldError[];

  constructor(status: number, message: string, code: ApiError['code'], details: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any error, with a fallback for the unexpected. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}
