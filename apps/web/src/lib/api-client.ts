import { errorResponseSchema } from '@sciwise/contracts';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR } from './api-error.ts';

export { ApiError, errorMessage, isApiError, NETWORK_ERROR } from './api-error.ts';

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
