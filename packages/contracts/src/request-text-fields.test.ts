import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as allContracts from './index.ts';
import * as phoneContracts from './phone-requests.ts';
import { UNSAFE_TEXT_CHARS } from './text.ts';

/*
 * Every field of every request schema that takes a string, found by walking the schemas, must
 * refuse control and bidi characters (or, in a search box, turn them into spaces): a field added
 * tomorrow without the rule of text.ts fails here.
 */

type Schema = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: Schema[];
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a schema takes a string at its input (through optional, default, pipe...). */
function takesString(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return true;
  const inner = def.innerType ?? def.in;
  return inner ? takesString(inner) : false;
}

/** Every string-taking field under a schema, with its path. */
function stringFields(schema: Schema, path: string): { path: string; schema: Schema }[] {
  const def = defOf(schema);
  if (def.type === 'object') {
    return Object.entries(def.shape!).flatMap(([key, field]) => stringFields(field, `${path}.${key}`));
  }
  if (def.type === 'array') return stringFields(def.element!, `${path}[]`);
  if (def.type === 'union') return def.options!.flatMap((option) => stringFields(option, path));
  if (takesString(schema)) return [{ path, schema }];
  const inner = def.innerType ?? def.in;
  return inner ? stringFields(inner, path) : [];
}

/** Passwords are hashed, never stored or shown: the one text exempt from the rule (fields.ts). */
const PASSWORDS = /\.(password|currentPassword|newPassword)$/;

/** index.ts and the phone requests kept apart from it (phone-requests.ts says why). */
const contracts: Record<string, unknown> = { ...allContracts, ...phoneContracts };
const requestSchemas = Object.entries(contracts).filter(
  (entry): entry is [string, Schema] =>
    /(Request|Query|Payload|Draft|Update)Schema$/.test(entry[0]) && entry[1] instanceof z.ZodType,
);
const fields = requestSchemas
  .flatMap(([name, schema]) => stringFields(schema, name))
  .filter((field) => !PASSWORDS.test(field.path));

/** Values shaped like what the fields take; `·` marks where a hostile character goes. */
const SAMPLES = [
  'ab·cd',
  'Protein·folding',
  'A reasonable line of text·with a few more words in it',
  'Dr.·Rosalind Franklin wrote this to explain the structure of the sample in detail.',
  'rosa·lind@example.org',
  '+44 20·7946 0958',
  'https://example.org/a·b',
];
const HOSTILE = ['\u0000', '\u0008', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066'];

/** Fields whose format alone admits no sample (ids, slugs, codes): refused for any hostile value. */
const FORMAT_ONLY =
  /\.(userId|expertId|conversationId|receiverId|senderId|expertSlug|subject|country|languages\[\]|orcid|deadline|cursor|number|cvc|paymentToken|savedCardId|contractId|from|to|sha256|withUserId|timeZone|slots\[\]|startsAt)$/;

describe('every text field of every request schema', () => {
  it('finds the request schemas and their text fields', () => {
    expect(requestSchemas.length).toBeGreaterThanOrEqual(25);
    expect(fields.length).toBeGreaterThanOrEqual(40);
  });

  it.each(fields.map((field) => [field.path, field.schema] as const))(
    '%s refuses control and bidi characters, or turns them into spaces',
    (path, schema) => {
      let exercised = false;
      for (const sample of SAMPLES) {
        if (!schema.safeParse(sample.replace('·', '')).success) continue;
        exercised = true;
        for (const char of HOSTILE) {
          const result = schema.safeParse(sample.replace('·', char));
          if (!result.success) continue;
          expect(
            typeof result.data === 'string' && UNSAFE_TEXT_CHARS.test(result.data),
            JSON.stringify(char),
          ).toBe(false);
        }
      }
      if (!exercised) {
        expect(path).toMatch(FORMAT_ONLY);
        for (const char of HOSTILE) expect(schema.safeParse(`a${char}b`).success).toBe(false);
      }
    },
  );
});
