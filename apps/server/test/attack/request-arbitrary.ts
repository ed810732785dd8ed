import fc from 'fast-check';
import {
  hostileValue,
  smallJson,
  validValue,
  validWithNul,
  type IdSource,
} from './json-schema-arbitraries.ts';
import {
  hostilePathSegments,
  hostileStrings,
  malformedJsonBodies,
  mutatedCursors,
  RawJson,
  toJsonText,
  wrongContentTypes,
} from './hostile-values.ts';
import { multipartArbitrary } from './multipart.ts';
import { fillPath, type Operation } from './operations.ts';

/** One request of the attack, sent once per actor. */
export interface AttackRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to it, for the report. */
  variant: string;
}

export type WorldIds = Record<string, string[]>;

/** Percent-encodes like encodeURIComponent, but writes lone surrogates instead of throwing. */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const code = char.charCodeAt(0);
        return code >= 0xd800 && code <= 0xdfff
          ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16)}%80`
          : encodeLoose(char);
      })
      .join('');
  }
}

function pathSegment(kind: string, ids: WorldIds): fc.Arbitrary<[string, string]> {
  const own = ids[kind] ?? [];
  const others = Object.entries(ids)
    .filter(([other]) => other !== kind)
    .flatMap(([, values]) => values);
  return fc.oneof(
    ...(own.length
      ? [{ weight: 6, arbitrary: fc.constantFrom(...own).map((id): [string, string] => [id, 'real id']) }]
      : []),
    { weight: 1, arbitrary: fc.uuid().map((id): [string, string] => [id, 'unknown uuid']) },
    ...(others.length
      ? [
          {
            weight: 1,
            arbitrary: fc.constantFrom(...others).map((id): [string, string] => [id, 'id of another kind']),
          },
        ]
      : []),
    {
      weight: 3,
      arbitrary: fc.constantFrom(...hostilePathSegments).map((s): [string, string] => [s, 'hostile segment']),
    },
  );
}

/** Query values: arrays become repeated keys, objects bracketed keys, as qs-style clients send. */
function queryPairs(name: string, value: unknown, depth = 0): string[] {
  if (value === undefined) return [];
  const small =
    !(value instanceof RawJson) &&
    depth < 3 &&
    (!value || typeof value !== 'object' || Object.keys(value).length <= 20);
  if (Array.isArray(value) && small) return value.flatMap((item) => queryPairs(name, item, depth + 1));
  if (value && typeof value === 'object' && small)
    return Object.entries(value).flatMap(([key, item]) => queryPairs(`${name}[${key}]`, item, depth + 1));
  const text =
    value instanceof RawJson
      ? value.text
      : value && typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return [`${encodeLoose(name)}=${encodeLoose(text)}`];
}

const rawQueryTails = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  'a=%F0%9F',
  '&&&',
  '=',
  'x[]=1&x[]=2',
  `p=${'q'.repeat(9_000)}`,
];

function queryArbitrary(operation: Operation, ids: IdSource, pages: CursorPage[]): fc.Arbitrary<string> {
  const forgedPages = pages
    .filter((page) => page.path === operation.path)
    .flatMap((page) => mutatedCursors([page.cursor]).map((cursor) => ({ ...page.query, cursor })));
  const forged = forgedPages.map((query) => query.cursor);
  const params = operation.queryParams.map(({ name, schema }) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: validValue(schema, ids) },
        { weight: 3, arbitrary: hostileValue(schema, ids) },
        { weight: 1, arbitrary: validWithNul(schema, ids) },
        ...(name === 'cursor' && forged.length ? [{ weight: 3, arbitrary: fc.constantFrom(...forged) }] : []),
      )
      .map((value) => queryPairs(name, value)),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(...rawQueryTails).map((tail) => [tail]) },
    { weight: 1, arbitrary: fc.constantFrom(...hostileStrings).map((value) => queryPairs('unknown', value)) },
  );
  const generated = fc.tuple(fc.tuple(...params), extra).map(([pairs, tail]) => {
    const all = [...pairs.flat(), ...tail];
    return all.length ? `?${all.join('&')}` : '';
  });
  if (!forgedPages.length) return generated;
  // The next page exactly as the server linked it, but with the cursor tampered with.
  const nextPage = fc
    .constantFrom(...forgedPages)
    .map((query) => `?${new URLSearchParams(query).toString()}`);
  return fc.oneof({ weight: 3, arbitrary: generated }, { weight: 1, arbitrary: nextPage });
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  variant: string;
}

const json = (payload: string | Buffer, variant: string, contentType = 'application/json'): Body => ({
  payload,
  contentType,
  variant,
});

function bodyArbitrary(operation: Operation, ids: IdSource): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ variant: 'no body' });
  const malformed = fc.constantFrom(...malformedJsonBodies).map((raw) => json(raw, 'malformed JSON'));
  const multipart = multipartArbitrary.map((body) => json(body.payload, 'multipart', body.contentType));
  const schema = operation.body?.schema;
  if (!operation.body || !schema) {
    const stray = smallJson.map((value) => json(JSON.stringify(value), 'unexpected JSON body'));
    return fc.oneof({ weight: 6, arbitrary: none }, stray, malformed, multipart);
  }
  if (operation.body.contentType.startsWith('multipart/')) {
    const jsonInstead = fc.constant(json('{"file":"x"}', 'JSON to an upload route'));
    return fc.oneof({ weight: 8, arbitrary: multipart }, none, jsonInstead);
  }
  const valid = validValue(schema, ids).map((value) => json(toJsonText(value), 'valid-ish JSON'));
  const nul = validWithNul(schema, ids).map((value) => json(toJsonText(value), 'NUL in every text'));
  const hostile = hostileValue(schema, ids).map((value) => json(toJsonText(value), 'hostile JSON'));
  const wrongType = fc
    .tuple(validValue(schema, ids), fc.constantFrom(...wrongContentTypes))
    .map(([value, type]) => json(toJsonText(value), `content type ${type.slice(0, 40)}`, type));
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 6, arbitrary: hostile },
    { weight: 1, arbitrary: nul },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: multipart },
    { weight: 1, arbitrary: none },
  );
}

const junkCredentials = [
  '',
  'Bearer',
  'Bearer ',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${'t'.repeat(300)}`,
  'Bearer a.b.c',
];

/**
 * Headers a hostile client adds now and then. The actor's own credentials are added by the
 * runner and win, so forged credentials (and identity-provider tokens) reach anonymous callers.
 */
const extraHeaders = (bearers: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
    fc
      .constantFrom(...junkCredentials, ...bearers.map((token) => `Bearer ${token}`))
      .map((authorization) => ({ authorization })),
    fc
      .constantFrom('sid=', 'sid=%ff', `sid=${'s'.repeat(4_000)}`, 'sid=a; sid=b')
      .map((cookie) => ({ cookie })),
    fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { 'accept-encoding': 'gzip, br' },
      { 'x-request-id': 'x'.repeat(500) },
      { 'x-forwarded-for': '127.0.0.1, ::1' },
      { accept: 'text/html' },
      { 'content-encoding': 'gzip' },
    ),
  );

export interface AttackMaterial {
  /** Real ids of existing objects by kind ("projects", "quotes", "sessionId", ...). */
  ids: WorldIds;
  /** Tokens for the Authorization header: identity-provider tokens with hostile claims. */
  bearers: string[];
  /** Real next-page links, whose cursors are forged into hostile ones. */
  cursors: CursorPage[];
}

export interface CursorPage {
  path: string;
  query: Record<string, string>;
  cursor: string;
}

export function requestArbitrary(
  operation: Operation,
  material: AttackMaterial,
): fc.Arbitrary<AttackRequest> {
  const { ids, bearers, cursors } = material;
  const allIds = Object.values(ids).flat();
  const idSource: IdSource = allIds.length ? fc.constantFrom(...allIds) : fc.uuid();
  const segments = fc.tuple(...operation.pathParams.map(({ kind }) => pathSegment(kind, ids)));
  return fc
    .tuple(
      segments,
      queryArbitrary(operation, idSource, cursors),
      bodyArbitrary(operation, idSource),
      extraHeaders(bearers),
    )
    .map(([filled, query, body, headers]) => {
      const values = Object.fromEntries(operation.pathParams.map(({ name }, n) => [name, filled[n]![0]]));
      const pathVariant = filled.map(([, what]) => what).join(', ');
      return {
        method: operation.method,
        url: fillPath(operation, values) + query,
        headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        payload: body.payload,
        variant: [pathVariant, body.variant, Object.keys(headers).join(' ')].filter(Boolean).join('; '),
      };
    });
}
