// @ts-check
// Reads what the embedded database answers on the wire, for pglite-statements.js.
//
// PGlite's own reader copies each value of each row into an ArrayBuffer of its own before
// decoding it: the answer of a search's statement (21 cards, 357 values) took it 0.54-0.90 ms,
// a sixth to a quarter of the statement's time on the database thread; read in place, 0.09 ms
// (docs/decisions/077-answers-read-in-place.md). The messages have the shapes PGlite's
// parse.parseResults reads; an error is PGlite's own DatabaseError, with the fields it sets.
/**
 * @typedef {{ name: string, dataTypeID: number }} FieldDescription
 * @typedef {{ name: 'rowDescription', fields: FieldDescription[] }
 *   | { name: 'dataRow', fields: (string | null)[] }
 *   | { name: 'commandComplete', text: string }
 *   | { name: 'parameterDescription', dataTypeIDs: number[] }} WireMessage
 * @typedef {{ channel: string, payload: string }} WireNotification
 */
import { protocol } from '@electric-sql/pglite';

const { DatabaseError } = protocol.messages;
const decoder = new TextDecoder();

/** The message types read here, by their first byte. */
const ROW_DESCRIPTION = 0x54; // T
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const PARAMETER_DESCRIPTION = 0x74; // t
const ERROR_RESPONSE = 0x45; // E
const NOTIFICATION = 0x41; // A

/**
 * ErrorResponse field codes -> the DatabaseError properties PGlite (and node-postgres) set.
 * @type {Record<string, string>}
 */
const ERROR_FIELDS = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** Collects the chunks PGlite streams an answer in (views of its memory, reused after). */
export class AnswerBytes {
  /** @type {Uint8Array[]} */
  #chunks = [];
  #length = 0;

  /** @param {Uint8Array} chunk */
  add(chunk) {
    this.#chunks.push(chunk.slice());
    this.#length += chunk.length;
  }

  /** @returns {Uint8Array} */
  all() {
    if (this.#chunks.length === 1) return /** @type {Uint8Array} */ (this.#chunks[0]);
    const bytes = new Uint8Array(this.#length);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  }
}

/**
 * The messages of one whole answer. Notices are dropped (PGlite only logs them when debugging);
 * messages after an error are not kept, as PGlite keeps none, but notifications always are.
 * @param {Uint8Array} bytes
 * @returns {{ messages: WireMessage[], error: Error | undefined, notifications: WireNotification[] }}
 */
export function readAnswer(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {WireMessage[]} */
  const messages = [];
  /** @type {WireNotification[]} */
  const notifications = [];
  /** @type {Error | undefined} */
  let error;
  let at = 0;
  /** A NUL-terminated string at `at`; moves past it. */
  const cstring = () => {
    const end = bytes.indexOf(0, at);
    const text = decoder.decode(bytes.subarray(at, end));
    at = end + 1;
    return text;
  };
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    // The length counts itself, not the type byte.
    const length = view.getInt32(at + 1);
    const end = at + 1 + length;
    at += 5;
    if (type === DATA_ROW) {
      if (!error) messages.push({ name: 'dataRow', fields: readValues() });
    } else if (type === ROW_DESCRIPTION) {
      if (!error) messages.push({ name: 'rowDescription', fields: readFieldDescriptions() });
    } else if (type === COMMAND_COMPLETE) {
      if (!error) messages.push({ name: 'commandComplete', text: cstring() });
    } else if (type === PARAMETER_DESCRIPTION) {
      if (!error) messages.push({ name: 'parameterDescription', dataTypeIDs: readTypeIds() });
    } else if (type === ERROR_RESPONSE) {
      error ??= readError(end, length);
    } else if (type === NOTIFICATION) {
      at += 4; // the notifying backend's process id
      const channel = cstring();
      notifications.push({ channel, payload: cstring() });
    }
    at = end;
  }
  return { messages, error, notifications };

  function readValues() {
    const count = view.getInt16(at);
    at += 2;
    /** @type {(string | null)[]} */
    const values = new Array(count);
    for (let i = 0; i < count; i++) {
      const length = view.getInt32(at);
      at += 4;
      if (length === -1) {
        values[i] = null;
      } else {
        values[i] = decoder.decode(bytes.subarray(at, at + length));
        at += length;
      }
    }
    return values;
  }

  function readFieldDescriptions() {
    const count = view.getInt16(at);
    at += 2;
    /** @type {FieldDescription[]} */
    const fields = new Array(count);
    for (let i = 0; i < count; i++) {
      const name = cstring();
      // Table id (4), column number (2), then the type id; size (2), modifier (4), format (2) after.
      fields[i] = { name, dataTypeID: view.getInt32(at + 6) };
      at += 18;
    }
    return fields;
  }

  function readTypeIds() {
    const count = view.getInt16(at);
    at += 2;
    const ids = new Array(count);
    for (let i = 0; i < count; i++) ids[i] = view.getInt32(at + i * 4);
    return ids;
  }

  /**
   * @param {number} end
   * @param {number} length
   */
  function readError(end, length) {
    /** @type {Record<string, string>} */
    const fields = {};
    while (at < end && bytes[at] !== 0) {
      const code = String.fromCharCode(/** @type {number} */ (bytes[at]));
      at += 1;
      fields[code] = cstring();
    }
    const message = fields.M ?? 'The embedded database refused the statement.';
    const databaseError = new DatabaseError(message, length, 'error');
    for (const [code, property] of Object.entries(ERROR_FIELDS)) {
      /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (databaseError))[property] =
        fields[code];
    }
    return databaseError;
  }
}
