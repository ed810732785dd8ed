import type { Readable } from 'node:stream';
import { AppError, invalid } from '../../errors.ts';
import { FileTooLarge, type FileStore, type StagedFile } from './store.ts';

const MALFORMED = 'The upload was incomplete or malformed. Please choose the file and try again.';

/** One part of a multipart/form-data body, as plain values: a text field or a file's stream. */
export type FormPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; fileName: string; stream: Readable };

/** What the multipart parser lets through; past a limit it throws while the parts are read. */
export interface FormLimits {
  fileSize: number;
  files: number;
  fields?: number;
}

/** A request body as services see it (the route makes it from the request). */
export interface FormBody {
  /** False when the body is not multipart/form-data at all. */
  multipart: boolean;
  /** The parts in the order sent, read as they stream in. */
  parts(limits: FormLimits): AsyncIterable<FormPart>;
}

export interface UploadRules {
  maxBytes: number;
  /** What people are told, in the words of each kind of upload. */
  messages: { notMultipart: string; noFile: string; tooLarge: string };
}

export interface ReceivedUpload {
  /** Staged, not yet kept: the caller checks it, then commits or discards it. */
  file: StagedFile;
  /** As the client sent it: clean it before showing or storing it. */
  fileName: string;
}

/**
 * Receives the one file of a multipart upload into the store's staging area as it streams in.
 * A file past the limit is refused with 413 as soon as its bytes pass it, and nothing is kept.
 */
export async function receiveUpload(
  body: FormBody,
  files: FileStore,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  if (!body.multipart) throw new AppError('unsupported_media_type', rules.messages.notMultipart);
  const fail = (error: unknown) => uploadError(error, rules.messages.tooLarge);
  // One byte past the limit gets through the parser, so the store sees that the file is too large.
  const part = await firstFile(body.parts({ fileSize: rules.maxBytes + 1, files: 1 })).catch(fail);
  if (!part) throw invalid(rules.messages.noFile, [{ field: 'file', message: 'No file was sent.' }]);
  const file = await files.stage(part.stream, rules.maxBytes).catch(fail);
  return { file, fileName: part.fileName };
}

/** The first file of the parts (fields before it are passed over); the rest is left unread. */
async function firstFile(parts: AsyncIterable<FormPart>) {
  for await (const part of parts) if (part.type === 'file') return part;
  return undefined;
}

/**
 * The multipart parser throws plain errors ("Boundary not found", "Unexpected end of form") for a
 * body that is malformed or cut off: the client's fault, so a 400, not a 500. Fastify's own
 * multipart errors (FST_*) keep their status through the central handler, and a failing disk
 * (a system error) stays a 500.
 */
export function uploadError(error: unknown, tooLarge: string): never {
  const code = (error as { code?: unknown } | null)?.code;
  // The rest of the body is left unread: closing the connection stops the client sending it.
  if (error instanceof FileTooLarge || code === 'FST_REQ_FILE_TOO_LARGE')
    throw new AppError('payload_too_large', tooLarge, undefined, { connection: 'close' });
  if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
  if (error instanceof Error && 'syscall' in error) throw error;
  throw invalid(MALFORMED, [{ field: 'file', message: MALFORMED }]);
}
