import { z } from 'zod';

/*
 * The one rule for text people send us. Every free-text field of every request schema is built
 * with `singleLineText`, `multiLineText` or `searchText`, page links with `pageCursorSchema`;
 * fields with a strict format (ids, slugs, country and language codes, dates) admit none of these
 * characters anyway, and passwords are exempt (fields.ts says why). request-text-fields.test.ts
 * walks every request schema to keep it so.
 *
 * - C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F) are never content. PostgreSQL
 *   refuses U+0000 in text outright, so without this rule a NUL byte became a database error: a 500.
 * - Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) make text
 *   display in another order than it is stored ("Trojan Source"): "invoice\u202Efdp.exe" shows as
 *   "invoiceexe.pdf". The marks that right-to-left writing does use (U+200E, U+200F, U+061C) stay.
 * - Multi-line text (bios, messages, cover letters, descriptions, reasons) keeps line breaks and
 *   tabs; a Windows or old Mac line end (\r\n, \r) is stored as \n.
 */

const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
/** Controls less tab (U+0009) and line feed (U+000A); carriage returns are normalised away first. */
const CONTROLS_BUT_TAB_AND_LF = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f';

/** Every character a single-line field refuses. */
export const UNSAFE_TEXT_CHARS = new RegExp(`[${CONTROLS}${BIDI_CONTROLS}]`);
const UNSAFE_TEXT_CHARS_ALL = new RegExp(UNSAFE_TEXT_CHARS.source, 'g');
const UNSAFE_MULTI_LINE_CHARS = new RegExp(`[${CONTROLS_BUT_TAB_AND_LF}${BIDI_CONTROLS}]`);

export const isSafeSingleLine = (value: string): boolean => !UNSAFE_TEXT_CHARS.test(value);
export const isSafeMultiLine = (value: string): boolean => !UNSAFE_MULTI_LINE_CHARS.test(value);

/** Each character a single-line field refuses, replaced (by a space unless told otherwise). */
export const replaceUnsafeChars = (value: string, replacement = ' '): string =>
  value.replace(UNSAFE_TEXT_CHARS_ALL, replacement);

export const normaliseLineEnds = (value: string): string => value.replace(/\r\n?/g, '\n');

/** Wording a field may set itself; by default every message names the field by its label. */
export interface TextMessages {
  /** Not a string at all (also what a missing required field says). */
  type?: string;
  tooLong?: string;
  unsafe?: string;
}

/**
 * One line of text (a name, title, skill, id someone made up): trimmed, at most `max`
 * characters, no control or bidi characters. `label` starts each message: "The title".
 */
export function singleLineText(label: string, max: number, messages: TextMessages = {}) {
  return z
    .string({ error: messages.type ?? `${label} must be text.` })
    .trim()
    .max(max, messages.tooLong ?? `${label} can have at most ${max} characters.`)
    .refine(isSafeSingleLine, {
      message: messages.unsafe ?? `${label} must be one line of text, without invisible control characters.`,
      // One clear reason is enough: the checks chained after this one would only add noise.
      abort: true,
    });
}

/** Prose over several lines: as `singleLineText`, but keeps \n and \t, and stores \r\n as \n. */
export function multiLineText(label: string, max: number, messages: TextMessages = {}) {
  return z
    .string({ error: messages.type ?? `${label} must be text.` })
    .overwrite(normaliseLineEnds)
    .trim()
    .max(max, messages.tooLong ?? `${label} can have at most ${max} characters.`)
    .refine(isSafeMultiLine, {
      message: messages.unsafe ?? `${label} contains invisible control characters; please remove them.`,
      abort: true,
    });
}

/**
 * What a person types into a search box: looked for, never stored, so it forgives. Control and
 * bidi characters become spaces (a pasted tab still searches) instead of a refusal.
 */
export function searchText(label: string, max: number, messages: Pick<TextMessages, 'tooLong'> = {}) {
  return z
    .string({ error: `${label} must be text.` })
    .max(max, messages.tooLong ?? `${label} can have at most ${max} characters.`)
    .overwrite((value) => replaceUnsafeChars(value))
    .trim();
}

/** The opaque page link of a keyset-paged list: what the server made, base64url, nothing else. */
export function pageCursorSchema(max: number, message: string) {
  return z
    .string({ error: message })
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]*$/, message);
}
