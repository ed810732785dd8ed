import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

/**
 * Writes each route's answers with a function compiled once from the contract's schema, turned
 * into JSON Schema: fast-json-stringify, the serializer Fastify uses when schemas are JSON Schema.
 * It writes the declared properties only, as zod's parse did (an object's other keys never leave
 * the server), without parsing the whole answer first on every request: on `GET /api/me` that
 * parse and the JSON.stringify after it were a third of the app's time beyond the bare server's
 * (docs/decisions/074-answers-written-from-compiled-schemas.md).
 *
 * The compiled function does not check values: it would write 12 for 12.5 in an integer field, or
 * "" for a null in a string one. With `checkAnswers` (the test suites' apps) every answer is also
 * encoded by zod, which refuses a value its schema does not allow, and the two texts must be the
 * same; so the API tests check every answer they make against its contract and against zod.
 * A schema that transforms its value (a transform, a codec) or has no JSON Schema (a date) is
 * written by zod's serializer, which checks at run time.
 */
export function responseSerializer({
  checkAnswers,
}: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<$ZodType> {
  return (route) => {
    const write = compiledWriter(route.schema);
    if (!write) return zodSerializerCompiler(route);
    if (!checkAnswers) return write;
    const encode = zodSerializerCompiler(route);
    return (data) => {
      const expected = encode(data);
      const written = write(data);
      if (written !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the compiled answer differs from zod's.\n  compiled: ${written}\n  zod:      ${expected}`,
        );
      }
      return written;
    };
  };
}

function compiledWriter(schema: $ZodType): ((data: unknown) => string) | null {
  let write = compiled.get(schema);
  if (!write) {
    const jsonSchema = wireSchemaOf(schema);
    if (!jsonSchema) return null;
    write = fastJsonStringify(jsonSchema);
    compiled.set(schema, write);
  }
  return write;
}

/** One compiled function per schema: most routes share the error answer's, and tests build many apps. */
const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * The JSON Schema of what goes over the wire (the input side, which encoding produces), or null
 * when only zod can write the schema: it transforms the value somewhere (a transform, or a codec,
 * whose encode would not run), or has no JSON Schema (a date). The input side leaves objects open,
 * so a union's branch is chosen by its declared fields, as zod chooses it, and undeclared keys are
 * still not written. Formats and patterns are dropped: they only check values, and the compiled
 * function would check them, with its own idea of a date-time, to choose a nullable's branch.
 */
function wireSchemaOf(schema: $ZodType): Record<string, unknown> | null {
  if (!(schema instanceof $ZodType)) return null;
  try {
    const { $schema: _draft, ...jsonSchema } = toJSONSchema(schema, {
      target: 'draft-7',
      io: 'input',
      unrepresentable: 'throw',
      override({ zodSchema, jsonSchema: node }) {
        const kind = zodSchema._zod.def.type;
        if (kind === 'pipe' || kind === 'transform') throw new Error('only zod can encode this');
        delete node.format;
        delete node.pattern;
      },
    });
    return jsonSchema;
  } catch {
    return null;
  }
}
