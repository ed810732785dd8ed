import { replaceUnsafeChars } from '@sciwise/contracts';

const MAX_NAME_LENGTH = 200;

/**
 * An uploaded file's name as stored and shown: no folders, no control characters, and no bidi
 * controls (a right-to-left override shows "invoice\u202Efdp.exe" as "invoiceexe.pdf"). Tabs and
 * line breaks become spaces, the rest is dropped; the end (with the extension) is kept when the
 * name is too long.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = replaceUnsafeChars(base.replace(/\s+/g, ' '), '')
    .replaceAll('"', '')
    .trim()
    .slice(-MAX_NAME_LENGTH);
  if (!clean) return 'attachment';
  return clean.startsWith('.') ? `attachment${clean}` : clean;
}

/**
 * A download's Content-Disposition. The name is cleaned again on the way out (rows stored before
 * the rule existed) and percent-encoded, so nothing in it can end or extend the header.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(cleanFileName(fileName))}`;
}
