import type { ByteSource } from './byte-source.ts';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
const ENTRY_HEADER_BYTES = 46;
const MAX_COMMENT_BYTES = 0xffff;

/**
 * The entry names of a zip archive, read from its central directory (the index at the end of the
 * file), or null when the bytes are not a well-formed zip. Nothing is decompressed: the names are
 * enough to tell a Word document from any other zip that happens to contain the word "word/".
 * Only the end of the file and the directory are read, never the entries themselves.
 * Zip64 archives (over 4 GB or 65,535 entries) are refused: no attachment we take is one.
 */
export async function zipEntryNames(file: ByteSource): Promise<string[] | null> {
  if (file.size < END_RECORD_BYTES) return null;
  const tailStart = Math.max(0, file.size - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  const tail = await file.read(tailStart, file.size - tailStart);
  let endInTail = -1;
  for (let at = tail.length - END_RECORD_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      endInTail = at;
      break;
    }
  }
  if (endInTail < 0) return null;
  const end = tailStart + endInTail;
  const count = tail.readUInt16LE(endInTail + 10);
  const directoryBytes = tail.readUInt32LE(endInTail + 12);
  const directoryStart = tail.readUInt32LE(endInTail + 16);
  if (directoryStart + directoryBytes > end) return null;

  // Offsets below are within the directory, which runs up to the end record.
  const directory = await file.read(directoryStart, end - directoryStart);
  const names: string[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + ENTRY_HEADER_BYTES > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY)
      return null;
    const nameBytes = directory.readUInt16LE(at + 28);
    const extraBytes = directory.readUInt16LE(at + 30);
    const commentBytes = directory.readUInt16LE(at + 32);
    const nameEnd = at + ENTRY_HEADER_BYTES + nameBytes;
    if (nameEnd > directory.length) return null;
    names.push(directory.toString('utf8', at + ENTRY_HEADER_BYTES, nameEnd));
    at = nameEnd + extraBytes + commentBytes;
  }
  return names;
}
