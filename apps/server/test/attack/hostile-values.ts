import fc from 'fast-check';

/**
 * The raw material of the attack: characters, strings, numbers and JSON texts that have broken
 * web servers before. The schema mapping (json-schema-arbitraries.ts) places them where a
 * route's schema expects something else.
 */

/** C0 controls (NUL first), DEL and a few C1 controls. */
export const controlChars = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
];
/** Bidirectional overrides and isolates (U+202E turns "gpj.exe" into "exe.jpg" on screen). */
export const bidiChars = ['\u202e', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200f', '\u061c'];
/** Zero-width and otherwise invisible characters, a BOM and lone UTF-16 surrogates. */
export const invisibleChars = ['\u200b', '\u200d', '\u2060', '\ufeff', '\ud800', '\udfff', '\uffff'];

export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u202egnp.exe',
  "' OR '1'='1",
  "'; drop table users; --",
  '1 union select password_hash from users',
  '\\',
  '"',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${jndi:ldap://example.test/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e999',
  '0x41',
  '\ud83d\ude00'.repeat(50),
  'Z\u0351\u0352\u0353'.repeat(40),
  'a'.repeat(5_001),
  'é'.repeat(2_000),
];

/** Strings with one hostile character placed somewhere inside an ordinary value. */
export function withHostileChar(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.constantFrom(...controlChars, ...bidiChars, ...invisibleChars), fc.nat())
    .map(([text, char, at]) => {
      const position = text.length === 0 ? 0 : at % (text.length + 1);
      return text.slice(0, position) + char + text.slice(position);
    });
}

/** Any UTF-16 code units at all, lone surrogates included. */
export const anyCodeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

export function hostileString(maxLength = 200): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
    // NUL gets its own share: PostgreSQL text cannot hold it, so it is what breaks most often.
    { weight: 2, arbitrary: fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`) },
    { weight: 3, arbitrary: withHostileChar(fc.string({ maxLength: 30 })) },
    { weight: 2, arbitrary: anyCodeUnits },
    { weight: 1, arbitrary: fc.constant('x'.repeat(maxLength + 1)) },
    { weight: 1, arbitrary: fc.constantFrom(10_000, 70_000).map((n) => 'y'.repeat(n)) },
  );
}

export function hostileNumber(min = -1e9, max = 1e9): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(
      min - 1,
      max + 1,
      -1,
      0,
      -0,
      0.5,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      -1e308,
      Number.MIN_VALUE,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** A value that is written into the JSON text as it is, for what JSON.stringify cannot say. */
export class RawJson {
  constructor(readonly text: string) {}
}

export const rawNumbers = [
  '1e999',
  '-1e999',
  '1E400',
  '-0',
  '123456789012345678901234567890',
  '0.0000001e-400',
].map((text) => new RawJson(text));

/** JSON with RawJson pieces spliced in verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const deep = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Bodies that are not JSON, or are JSON of a shape no route takes. */
export const malformedJsonBodies: Array<string | Buffer> = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}}',
  '\ufeff{}',
  'null',
  '[]',
  '"text"',
  '1e999',
  'true',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1,"a":2}',
  deep(5_000, '[', ']'),
  deep(3_000, '{"a":', '}'),
  `{"k":[${'1,'.repeat(20_000)}1]}`,
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
];

export const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/jsonx',
  'application/json, text/html',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  `application/json; ${'p=1;'.repeat(500)}`,
  'image/png',
];

/** Path segments that are not ids, or are ids written strangely. */
export const hostilePathSegments = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  '123E4567-E89B-42D3-A456-426614174000',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%ZZ',
  '%u202e',
  '%E2%80%AEfdp.exe',
  '-1',
  '0',
  '9'.repeat(40),
  "1'%20OR%20'1'%3D'1",
  '%F0%9F%98%80',
  'a'.repeat(199),
  'b'.repeat(300),
  'c'.repeat(5_000),
];

const cursorPieces: unknown[] = [
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  1e300,
  -1,
  0.5,
  'x',
  '',
  null,
  [],
  { a: 1 },
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(250),
];

/**
 * Page cursors are opaque to clients but readable to an attacker (base64url JSON): each real
 * cursor is returned with every element swapped for something out of range or of another type.
 */
export function mutatedCursors(real: string[]): string[] {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return real.flatMap((cursor) => {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      return [];
    }
    if (!Array.isArray(decoded)) return [encode([decoded]), encode(null)];
    return decoded.flatMap((_, index) =>
      cursorPieces.map((piece) =>
        encode(decoded.map((item: unknown, n: number) => (n === index ? piece : item))),
      ),
    );
  });
}
