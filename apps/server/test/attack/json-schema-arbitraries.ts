import fc from 'fast-check';
import { hostileNumber, hostileString, rawNumbers, withHostileChar, type RawJson } from './hostile-values.ts';

/** The part of JSON Schema (OpenAPI 3.0 dialect) our contracts produce. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
}

type Value = unknown;

/** Any JSON, small (fc.jsonValue is slow enough to dominate a 10,000-request run). */
export const smallJson: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, '', 'a', [], {}, [1, 'b'], { a: { b: [null] } }),
  fc.integer(),
  fc.string({ maxLength: 12 }),
);

/** Stands in for the ids of the world (a real project id where a uuid is asked for, ...). */
export type IdSource = fc.Arbitrary<string>;

const ISO_DATE = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/;

function validString(schema: JsonSchema, ids: IdSource): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof({ weight: 4, arbitrary: ids }, fc.uuid());
  if (schema.format === 'email') return fc.nat().map((n) => `someone${n}@example.test`);
  if (schema.format === 'uri')
    return fc.constantFrom('https://example.test/paper', 'https://doi.org/10.1000/182');
  if (schema.pattern && ISO_DATE.test(schema.pattern))
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern, { size: 'xsmall' })
      .map((text) => text.slice(0, maxLength).padEnd(minLength, text || 'a'));
  }
  return fc.string({ minLength, maxLength });
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
  const min = (schema.minimum ?? -1_000_000) + exclusiveMin;
  const max = schema.maximum ?? 1_000_000;
  return schema.type === 'integer'
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
}

/** A value the schema accepts (patterns and formats approximated), with real ids where ids go. */
export function validValue(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  const core = validCore(schema, ids);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: core }, fc.constant(null)) : core;
}

function validCore(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validValue(option, ids)));
  switch (schema.type) {
    case 'string':
      return validString(schema, ids);
    case 'integer':
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case 'object':
      return validObject(schema, ids);
    default:
      return smallJson;
  }
}

function validObject(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Record<string, Value>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, sub]) => [key, validValue(sub, ids)]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** Something of another JSON type than the schema asks for. */
function wrongType(schema: JsonSchema): fc.Arbitrary<Value> {
  const all: Array<[string, fc.Arbitrary<Value>]> = [
    ['string', fc.constantFrom('12', 'true', 'text', '')],
    ['number', fc.constantFrom(0, 1, -1, 3.5)],
    ['boolean', fc.boolean()],
    ['array', fc.constantFrom([], [1], ['a', 'b'], [{}])],
    ['object', fc.constantFrom({}, { a: 1 }, { $gt: '' })],
    ['null', fc.constant(null)],
  ];
  const same = schema.type === 'integer' ? 'number' : schema.type;
  const others = all.filter(([type]) => type !== same && !(type === 'null' && schema.nullable));
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}

function nest(depth: number, leaf: Value): Value {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Deeply nested or very wide values, where a scalar or a small value is expected. */
const hugeValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom(200, 2_000).map((depth) => nest(depth, 'deep')),
  fc.constant(Array.from({ length: 5_000 }, (_, n) => n)),
  fc.constant(Object.fromEntries(Array.from({ length: 2_000 }, (_, n) => [`k${n}`, n]))),
);

/** A value the schema refuses, or one at the edge of what it takes. */
export function hostileValue(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  const specific = hostileForType(schema, ids);
  return fc.oneof(
    { weight: 6, arbitrary: specific },
    { weight: 2, arbitrary: wrongType(schema) },
    { weight: 1, arbitrary: hugeValue },
  );
}

function hostileForType(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => hostileValue(option, ids)));
  if (schema.enum) {
    const first = String(schema.enum[0] ?? '');
    return fc.constantFrom(first.toUpperCase(), ` ${first}`, `${first}\u0000`, `${first}\u202e`, 'other');
  }
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: hostileString(schema.maxLength) },
        { weight: 2, arbitrary: withHostileChar(validString(schema, ids)) },
        { weight: 1, arbitrary: fc.constant('z'.repeat(Math.max(0, (schema.minLength ?? 0) - 1))) },
      );
    case 'integer':
    case 'number':
      return fc.oneof<[fc.Arbitrary<number>, fc.Arbitrary<RawJson>]>(
        hostileNumber(schema.minimum, schema.maximum),
        fc.constantFrom(...rawNumbers),
      );
    case 'boolean':
      return fc.constantFrom('true', 0, 1, 'yes');
    case 'array':
      return hostileArray(schema, ids);
    case 'object':
      return hostileObject(schema, ids);
    default:
      return hugeValue;
  }
}

function hostileArray(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  const item = schema.items ?? {};
  const tooMany = (schema.maxItems ?? 100) + 1;
  return fc.oneof(
    validValue(item, ids).map((value) => Array.from({ length: tooMany }, () => value)),
    fc
      .tuple(fc.array(validValue(item, ids), { maxLength: 3 }), hostileValue(item, ids))
      .map(([good, bad]) => [...good, bad]),
    schema.minItems ? fc.constant([]) : fc.constant([null]),
  );
}

const extraKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'isAdmin',
  'ownerId',
  'id',
  'k'.repeat(300),
];

function hostileObject(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const base = validObject(schema, ids);
  const variants: Array<fc.WeightedArbitrary<Value>> = [
    // One property made hostile, the others valid: the most telling variant, so the most often.
    ...(keys.length
      ? [
          {
            weight: 4,
            arbitrary: fc
              .tuple(base, fc.constantFrom(...keys))
              .chain(([object, key]) =>
                hostileValue(properties[key]!, ids).map((bad) => ({ ...object, [key]: bad })),
              ),
          },
        ]
      : []),
    // A required property left out.
    ...(schema.required?.length
      ? [
          {
            weight: 1,
            arbitrary: fc.tuple(base, fc.constantFrom(...schema.required)).map(([object, key]) => {
              const { [key]: _dropped, ...rest } = object;
              return rest;
            }),
          },
        ]
      : []),
    // A field the schema does not know, with a name chosen to pollute or escalate.
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...extraKeys), smallJson)
        .map(([object, key, value]) =>
          Object.defineProperty({ ...object }, key, { value, enumerable: true }),
        ),
    },
  ];
  return fc.oneof(...variants);
}

/**
 * A valid value with a NUL in every free-text string (no format, pattern or enum), so the rest
 * of it still passes validation and the NUL travels as far as the handler lets it.
 * PostgreSQL text cannot hold NUL: a field that reaches the database unchecked fails on it.
 */
export function validWithNul(schema: JsonSchema, ids: IdSource): fc.Arbitrary<Value> {
  return validValue(schema, ids).map((value) => nulInFreeText(schema, value));
}

function nulInFreeText(schema: JsonSchema, value: Value): Value {
  if (typeof value === 'string') {
    const free = schema.type === 'string' && !schema.format && !schema.pattern && !schema.enum;
    return free ? `${value.slice(0, 1)}\u0000${value.slice(1)}` : value;
  }
  if (Array.isArray(value)) return value.map((item) => nulInFreeText(schema.items ?? {}, item));
  if (value && typeof value === 'object') {
    const properties = schema.properties ?? {};
    const option = schema.anyOf?.find((candidate) =>
      Object.keys(value).every((key) => key in (candidate.properties ?? {})),
    );
    const shape = option?.properties ?? properties;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, nulInFreeText(shape[key] ?? {}, item)]),
    );
  }
  return value;
}
