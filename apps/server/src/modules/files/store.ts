import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteSource } from './byte-source.ts';

/**
 * Where uploaded files live: local disk by default. Nothing is held whole in memory. An upload
 * streams into a staging area, counted and hashed on the way and refused once it passes its
 * limit; callers check its content there, then keep it under a new key or throw it away. A kept
 * file comes back as a stream with its size. An S3-compatible bucket offers the same operations
 * (an object under a staging prefix, ranged reads, copy, get with Content-Length, delete).
 */
export interface FileStore {
  /** Receives body; past maxBytes it stops reading, deletes what it wrote, and throws FileTooLarge. */
  stage(body: Readable, maxBytes: number): Promise<StagedFile>;
  /** The file under key, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

export interface StagedFile extends ByteSource {
  /** SHA-256 of the content, hex. */
  readonly sha256: string;
  /** Keeps the file under a new key in folder and returns the key. */
  commit(folder: string, extension: string): Promise<string>;
  /** Throws the staged file away; nothing to do once it is committed. */
  discard(): Promise<void>;
}

export interface StoredFile {
  body: Readable;
  size: number;
}

/** A kept file a service hands to its route to send as a download. */
export interface FileDownload {
  stored: StoredFile;
  contentType: string;
  fileName: string;
}

export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLarge';
  }
}

const KEY_PATTERN = /^[a-z-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;
/** Not a valid folder of a key (those are [a-z-]+), so a staged file can never be served. */
const STAGING_FOLDER = '.staging';

export function localFileStore(root: string): FileStore {
  // Keys are made here and checked on the way back, so no path from outside reaches the disk.
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid file key ${key}`);
    return path.join(root, key);
  };

  function stagedFile(file: string, size: number, sha256: string): StagedFile {
    let committed = false;
    return {
      size,
      sha256,
      async read(start, length) {
        const handle = await open(file, 'r');
        try {
          const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      },
      stream: () => createReadStream(file),
      async commit(folder, extension) {
        const key = `${folder}/${randomUUID()}.${extension}`;
        const target = resolve(key);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(file, target);
        committed = true;
        return key;
      },
      async discard() {
        if (!committed) await rm(file, { force: true });
      },
    };
  }

  return {
    async stage(body, maxBytes) {
      const staging = path.join(root, STAGING_FOLDER);
      await mkdir(staging, { recursive: true });
      const file = path.join(staging, `${randomUUID()}.upload`);
      const hash = createHash('sha256');
      let size = 0;
      const countAndHash = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new FileTooLarge(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // Opened before piping: a write stream opens its file on its own time, and when the body
      // fails first, pipeline settles before that open, which then leaves a file nobody removes.
      const handle = await open(file, 'wx');
      try {
        await pipeline(body, countAndHash, handle.createWriteStream());
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return stagedFile(file, size, hash.digest('hex'));
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const handle = await open(resolve(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here, and closes it when it ends or is destroyed.
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
