import { IDEMPOTENCY_KEY_HEADER } from '@sciwise/contracts/constants';
import { errorResponseSchema } from '@sciwise/contracts/public';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiError, NETWORK_ERROR } from './api-error.ts';

/*
 * The one way the web calls the API. Every answer is parsed with the contract's schema: the zod
 * schemas of packages/contracts on signed-in pages, the zod/mini ones of
 * "@sciwise/contracts/public" on the public pages, which keeps their first load small
 * (docs/decisions/005-public-site.md). This module imports neither zod nor the contract index.
 */

export { ApiError, errorMessage, isApiError, NETWORK_ERROR } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<S extends $ZodType> {
  method?: Method;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** Money-moving calls: the same key on a retry makes the server answer as the first time. */
  idempotencyKey?: string;
  /** Let the request outlive the page (a save sent as the tab closes); bodies up to 64 KB. */
  keepalive?: boolean;
}

/** A failed answer as an ApiError carrying the server's own message. */
function errorFrom(status: number, data: unknown): ApiError {
  const parsed = safeParse(errorResponseSchema, data);
  if (parsed.success) {
    return new ApiError(status, parsed.data.message, parsed.data.code, parsed.data.details ?? []);
  }
  const message =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : `The server answered ${status}. Please try again.`;
  return new ApiError(status, message, status === 429 ? 'rate_limited' : 'internal');
}

function parseAnswer<S extends $ZodType>(status: number, data: unknown, schema: S): output<S> {
  if (status < 200 || status >= 300) throw errorFrom(status, data);
  const parsed = safeParse(schema, data);
  if (!parsed.success) {
    throw new ApiError(status, 'The server sent an answer we could not read.', 'bad_response');
  }
  return parsed.data;
}

/**
 * Calls the API on the same origin with the session cookie, parses the answer with the
 * contract's schema, and turns every failure into an ApiError carrying the server's message.
 */
export async function apiRequest<S extends $ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<output<S>> {
  const { method = 'GET', body, schema, signal, idempotencyKey, keepalive } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, 'network');
  }

  const data: unknown = await response.json().catch(() => undefined);
  return parseAnswer(response.status, data, schema);
}

interface UploadOptions<S extends $ZodType> {
  body: FormData;
  schema: S;
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST that reports upload progress (fetch cannot), with the same parsing and errors
 * as apiRequest.
 */
export function apiUpload<S extends $ZodType>(path: string, options: UploadOptions<S>): Promise<output<S>> {
  const { body, schema, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      try {
        resolve(parseAnswer(xhr.status, data, schema));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, 'network'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
