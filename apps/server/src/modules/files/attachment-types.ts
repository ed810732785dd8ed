import type { ByteSource } from './byte-source.ts';
import { IMAGE_HEAD_BYTES, sniffImageType } from './image-types.ts';
import { zipEntryNames } from './zip-entries.ts';

/**
 * Project attachments: which files we take, decided by their first bytes and checked against
 * the name's extension, so an executable renamed report.pdf is refused rather than stored.
 */
export interface AttachmentType {
  ext: string;
  mime: string;
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Office Open XML files are zips holding `[Content_Types].xml` and a main part whose name says
 * which kind (the name Word, Excel, PowerPoint, LibreOffice and Google Docs all write).
 */
const officeKinds: Record<string, { mainPart: string; mime: string }> = {
  docx: {
    mainPart: 'word/document.xml',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    mainPart: 'xl/workbook.xml',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pptx: {
    mainPart: 'ppt/presentation.xml',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
};

async function isOfficeOpenXml(file: ByteSource, head: Buffer, mainPart: string): Promise<boolean> {
  const startsAsZip = file.size > 4 && head.readUInt32LE(0) === 0x04034b50;
  const entries = startsAsZip ? await zipEntryNames(file) : null;
  return !!entries && entries.includes('[Content_Types].xml') && entries.includes(mainPart);
}
const legacyOffice: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const textKinds: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  tsv: 'text/tab-separated-values',
};

export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'webp',
  'gif',
  ...Object.keys(officeKinds),
  ...Object.keys(legacyOffice),
  ...Object.keys(textKinds),
];

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** Text files hold printable UTF-8: a binary renamed .csv carries control bytes no editor writes. */
async function isUtf8Text(file: ByteSource): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Read chunk by chunk; leaving the loop early closes the stream.
  for await (const chunk of file.stream() as AsyncIterable<Buffer>) {
    for (const byte of chunk) {
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
        return false;
    }
    if (!decodes(() => decoder.decode(chunk, { stream: true }))) return false;
  }
  return decodes(() => decoder.decode());
}

function decodes(decode: () => string): boolean {
  try {
    decode();
    return true;
  } catch {
    return false;
  }
}

/** Covers every signature below (the longest, PNG's and WebP's, are 12 bytes). */
const HEAD_BYTES = Math.max(IMAGE_HEAD_BYTES, OLE.length);

/**
 * The stored type of an upload, or null when its content is not what its name claims. Reads the
 * first bytes, a zip's directory, or (for text) streams the whole file: never all of it at once.
 */
export async function sniffAttachment(file: ByteSource, fileName: string): Promise<AttachmentType | null> {
  const ext = extensionOf(fileName);
  const head = await file.read(0, HEAD_BYTES);
  if (ext === 'pdf')
    return head.subarray(0, 5).toString('latin1') === '%PDF-' ? { ext, mime: 'application/pdf' } : null;
  if (['png', 'jpg', 'jpeg', 'webp'].includes(ext)) {
    const image = sniffImageType(head);
    const same = image && (image.ext === ext || (image.ext === 'jpg' && ext === 'jpeg'));
    return same ? { ext: image.ext, mime: image.mime } : null;
  }
  if (ext === 'gif') {
    const signature = head.subarray(0, 6).toString('latin1');
    return signature === 'GIF87a' || signature === 'GIF89a' ? { ext, mime: 'image/gif' } : null;
  }
  const office = officeKinds[ext];
  if (office) return (await isOfficeOpenXml(file, head, office.mainPart)) ? { ext, mime: office.mime } : null;
  const legacy = legacyOffice[ext];
  if (legacy) return head.subarray(0, 8).equals(OLE) ? { ext, mime: legacy } : null;
  const textMime = textKinds[ext];
  if (textMime) return (await isUtf8Text(file)) ? { ext, mime: `${textMime}; charset=utf-8` } : null;
  return null;
}
