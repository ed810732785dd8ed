import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

/**
 * Writes each route's answers with a function compiled once from the contract's schema, turned
 * into JSON Schema: fast-json-stringify, the serializer Fastify uses when schemas are JSON Schema.
 * It writes the declared properties only, as zod's parse did (an object's other keys never leave
 * the server), without parsing the whole answer first on every request: on `GET /api/me` that
 * parse and the JSON.stringify after it were a fifth of what the app did beyond its SQL
 * (docs/decisions/074-answers-written-from-compiled-schemas.md).
 *
 * The answer's shape is checked where it is written, by TypeScript: the type provider types each
 * handler's return by the same schema. A schema JSON Schema cannot express (a transform, a date)
 * keeps zod's serializer, which checks at run time.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<$ZodType> = (route) => {
  let serialize = compiled.get(route.schema);
  if (!serialize) {
    const jsonSchema = wireSchemaOf(route.schema);
    if (!jsonSchema) return zodSerializerCompiler(route);
    serialize = fastJsonStringify(jsonSchema);
    compiled.set(route.schema, serialize);
  }
  return serialize;
};

/** One compiled function per schema: most routes share the error answer's, and tests build many apps. */
const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * The JSON Schema of what goes over the wire, or null when the schema transforms its value (a
 * transform or a codec: its output side, a Date say, has no JSON Schema), which only zod can
 * encode. The input side is what encoding produces; it leaves objects open, so a union's branch
 * is chosen by its declared fields, as zod chooses it, and undeclared keys are still not written.
 */
function wireSchemaOf(schema: $ZodType): Record<string, unknown> | null {
  if (!(schema instanceof $ZodType)) return null;
  try {
    toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  const { $schema: _draft, ...jsonSchema } = toJSONSchema(schema, { target: 'draft-7', io: 'input' });
  return jsonSchema;
}
