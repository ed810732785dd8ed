const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
const ENTRY_HEADER_BYTES = 46;
const MAX_COMMENT_BYTES = 0xffff;

/**
 * The entry names of a zip archive, read from its central directory (the index at the end of the
 * file), or null when the bytes are not a well-formed zip. Nothing is decompressed: the names are
 * enough to tell a Word document from any other zip that happens to contain the word "word/".
 * Zip64 archives (over 4 GB or 65,535 entries) are refused: no attachment we take is one.
 */
export function zipEntryNames(data: Buffer): string[] | null {
  if (data.length < END_RECORD_BYTES) return null;
  const searchFrom = Math.max(0, data.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  let end = -1;
  for (let at = data.length - END_RECORD_BYTES; at >= searchFrom; at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = data.readUInt16LE(end + 10);
  const directoryBytes = data.readUInt32LE(end + 12);
  const directoryStart = data.readUInt32LE(end + 16);
  if (directoryStart + directoryBytes > end) return null;

  const names: string[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + ENTRY_HEADER_BYTES > end || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const nameBytes = data.readUInt16LE(at + 28);
    const extraBytes = data.readUInt16LE(at + 30);
    const commentBytes = data.readUInt16LE(at + 32);
    const nameEnd = at + ENTRY_HEADER_BYTES + nameBytes;
    if (nameEnd > end) return null;
    names.push(data.toString('utf8', at + ENTRY_HEADER_BYTES, nameEnd));
    at = nameEnd + extraBytes + commentBytes;
  }
  return names;
}
