import { Readable } from 'node:stream';

/**
 * Bytes to look at without holding them all: a staged upload (a file on disk, or in a bucket) or
 * a buffer. Content checks read the few bytes they need, or stream the whole thing.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `start` (fewer at the end). */
  read(start: number, length: number): Promise<Buffer>;
  /** The whole content, chunk by chunk. */
  stream(): Readable;
}

export function bufferSource(data: Buffer): ByteSource {
  return {
    size: data.length,
    read: async (start, length) => data.subarray(start, start + length),
    stream: () => Readable.from([data]),
  };
}
