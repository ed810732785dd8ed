import { errorCodes, IDEMPOTENCY_KEY_HEADER, type ErrorCode } from '@sciwise/contracts/constants';
import { ApiError, NETWORK_ERROR } from './api-error.ts';

/*
 * The one way the web calls the API. Every answer is read with a schema in the Standard Schema
 * form, so this module imports no parser: on signed-in pages the contract's zod schema (zod is
 * loaded there anyway), on the public pages `checkedByServer` with the contract's type, because
 * the server has checked every answer against the same contract before sending it and the public
 * pages' first load stays without a parser (docs/decisions/054-public-pages-trust-checked-answers.md).
 */

export { ApiError, errorMessage, isApiError, NETWORK_ERROR } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What an answer is read with: a zod schema of packages/contracts, or checkedByServer. The part of
 * the Standard Schema interface (standardschema.dev) the client uses, which zod's schemas implement.
 */
export interface AnswerSchema<T = unknown> {
  readonly '~standard': {
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: T; readonly issues?: undefined }
      | { readonly issues: readonly unknown[] }
      | Promise<unknown>;
  };
}
type AnswerOf<S extends AnswerSchema> = S extends AnswerSchema<infer T> ? T : never;

/**
 * An answer read as the contract's type `T` without parsing it again: the server validates every
 * answer against its route's contract schema before sending it (fastify-type-provider-zod's
 * serializer answers 500 instead of a body that does not match), and `T` comes from that contract,
 * so a change to it fails the web's type check. For the public pages, whose first load would
 * otherwise carry a parser.
 */
export function checkedByServer<T>(): AnswerSchema<T> {
  return { '~standard': { validate: (value) => ({ value: value as T }) } };
}

interface RequestOptions<S extends AnswerSchema> {
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

const isErrorCode = (value: unknown): value is ErrorCode =>
  (errorCodes as readonly unknown[]).includes(value);

/**
 * A failed answer as an ApiError carrying the server's own message. The server's errors have
 * errorResponseSchema's shape; anything else on the way (a proxy's page) gets a message of ours.
 */
function errorFrom(status: number, data: unknown): ApiError {
  const error = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (typeof error.message !== 'string')
    return new ApiError(status, `The server answered ${status}. Please try again.`, fallbackCode(status));
  const code = isErrorCode(error.code) ? error.code : fallbackCode(status);
  const details = Array.isArray(error.details)
    ? error.details.filter(
        (detail): detail is { field: string; message: string } =>
          typeof detail === 'object' &&
          detail !== null &&
          typeof (detail as Record<string, unknown>).field === 'string' &&
          typeof (detail as Record<string, unknown>).message === 'string',
      )
    : [];
  return new ApiError(status, error.message, code, details);
}

const fallbackCode = (status: number): ErrorCode => (status === 429 ? 'rate_limited' : 'internal');

function parseAnswer<S extends AnswerSchema>(status: number, data: unknown, schema: S): AnswerOf<S> {
  if (status < 200 || status >= 300) throw errorFrom(status, data);
  const result = schema['~standard'].validate(data);
  // Every schema here reads synchronously (zod's do, checkedByServer does).
  if (result instanceof Promise || result.issues) {
    throw new ApiError(status, 'The server sent an answer we could not read.', 'bad_response');
  }
  return result.value as AnswerOf<S>;
}

/**
 * Calls the API on the same origin with the session cookie, parses the answer with the
 * contract's schema, and turns every failure into an ApiError carrying the server's message.
 */
export async function apiRequest<S extends AnswerSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<AnswerOf<S>> {
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

  // Aborted while the body was read, the request is abandoned as it is before the headers: read
  // as an empty body, a 200 became an answer of undefined (the directory then crashed).
  const data: unknown = await response.json().catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return undefined;
  });
  return parseAnswer(response.status, data, schema);
}

interface UploadOptions<S extends AnswerSchema> {
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
export function apiUpload<S extends AnswerSchema>(
  path: string,
  options: UploadOptions<S>,
): Promise<AnswerOf<S>> {
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
