import { errorResponseSchema, type ErrorCode, type FieldError } from '@sciwise/contracts';
import type { z } from 'zod';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<S extends z.ZodType> {
  method?: Method;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
}

/**
 * Calls the API on the same origin with the session cookie, parses the answer with the
 * contract's schema, and turns every failure into an ApiError carrying the server's message.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, 'network');
  }

  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(data);
    if (parsed.success) {
      throw new ApiError(response.status, parsed.data.message, parsed.data.code, parsed.data.details ?? []);
    }
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `The server answered ${response.status}. Please try again.`;
    throw new ApiError(response.status, message, response.status === 429 ? 'rate_limited' : 'internal');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'The server sent an answer we could not read.', 'bad_response');
  }
  return parsed.data;
}

/** The message to show for any error, with a fallback for the unexpected. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}
