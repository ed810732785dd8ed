/*
 * What the logs keep of an error or a request: enough to find the bug, none of what people sent.
 *
 * A failed statement is the dangerous case. Drizzle's DrizzleQueryError puts every parameter of
 * the statement in its message ("params: ada@example.org,Hello,<the message text>") and in
 * `params`; PostgreSQL's `detail` names the values of a violated key ("Key (email)=(...)"), and
 * pino's default serializer logs every enumerable property. So an error is logged from an allow
 * list: its type, code and location, a message without parameters, e-mail addresses or quoted
 * values, and its cause the same way.
 */

/** Properties that describe an error without holding data: SQLSTATE fields, HTTP and system codes. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const QUOTED = /"[^"]*"/g;
const MAX_CAUSES = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

function safeMessage(error: Record<string, unknown>, message: string): string {
  // DrizzleQueryError: "Failed query: <sql>\nparams: <values>": the statement stays, the values go.
  let safe = typeof error.query === 'string' ? message.replace(/\nparams: [\s\S]*$/, '') : message;
  // Data exceptions (class 22) quote the offending value: "invalid input syntax for type uuid: "...""
  if (isSqlState(error.code) && error.code.startsWith('22')) safe = safe.replace(QUOTED, '"[value]"');
  return safe.replace(EMAIL, '[email]');
}

/** The stack's frames, under the safe message instead of the original first line(s). */
function safeStack(stack: unknown, type: string, message: string): string {
  const frames = String(stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.replace(EMAIL, '[email]'));
  return [`${type}: ${message}`, ...frames].join('\n');
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) {
    const message = String(value).replace(EMAIL, '[email]').slice(0, 200);
    return { type: typeof value, message, stack: message };
  }
  const error = value as Error & Record<string, unknown>;
  const type = error.constructor?.name ?? error.name;
  const message = safeMessage(error, error.message);
  const serialized: SerializedError = { type, message, stack: safeStack(error.stack, type, message) };
  for (const field of SAFE_FIELDS) {
    const fieldValue = error[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number') serialized[field] = fieldValue;
  }
  // The statement with its $1, $2 placeholders; its parameters are never logged.
  if (typeof error.query === 'string') serialized.query = error.query;
  if (error.cause !== undefined && depth < MAX_CAUSES)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * A URL as logged: the path and the names of its query parameters, not their values (search
 * text, e-mail filters and password-reset tokens travel in query strings).
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const names = url
    .slice(question + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=`);
  return `${url.slice(0, question)}?${names.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's request serializer, with the query values left out. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
