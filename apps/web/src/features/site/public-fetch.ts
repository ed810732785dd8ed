import { ApiError, NETWORK_ERROR } from '../../lib/api-error.ts';

/*
 * GET with a hand-written shape check, for the public pages that stay without the zod schemas
 * (docs/decisions/005-public-site.md). A module of its own so each page downloads only its guards.
 */

export type Guard<T> = (value: unknown) => value is T;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

export async function getJson<T>(path: string, guard: Guard<T>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, 'network');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = isRecord(data) && isString(data.message) ? data.message : 'Please try again.';
    throw new ApiError(response.status, message, response.status === 429 ? 'rate_limited' : 'internal');
  }
  if (!guard(data)) {
    throw new ApiError(response.status, 'The server sent an answer we could not read.', 'bad_response');
  }
  return data;
}
