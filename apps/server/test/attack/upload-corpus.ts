import { PNG } from './world.ts';

/**
 * Files an attacker uploads hoping a browser will run them from our origin: markup disguised
 * as images or PDFs, polyglots, misleading names. `must` says what each route has to do:
 * "refuse" (a 4xx) or "either" (refuse it, or serve it back so no browser will run it).
 */
export interface HostileFile {
  name: string;
  fileName: string;
  declaredType: string;
  data: Buffer;
  must: 'refuse' | 'either';
  /**
   * Only the name lies (the content is what it claims): a route that keeps no name, such as the
   * avatar, may take the file as long as it serves it safely.
   */
  nameOnly?: true;
}

const text = (value: string) => Buffer.from(value, 'utf8');
const PDF = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n';
const HTML =
  '<!doctype html><html><body><script>fetch("/api/me").then(r=>r.text()).then(alert)</script></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

export const hostileFiles: HostileFile[] = [
  {
    name: 'HTML named .png',
    fileName: 'photo.png',
    declaredType: 'image/png',
    data: text(HTML),
    must: 'refuse',
  },
  {
    name: 'SVG named .png',
    fileName: 'logo.png',
    declaredType: 'image/png',
    data: text(SVG),
    must: 'refuse',
  },
  {
    name: 'SVG as itself',
    fileName: 'logo.svg',
    declaredType: 'image/svg+xml',
    data: text(SVG),
    must: 'refuse',
  },
  {
    name: 'HTML named .pdf',
    fileName: 'report.pdf',
    declaredType: 'application/pdf',
    data: text(HTML),
    must: 'refuse',
  },
  {
    name: 'HTML named .jpg',
    fileName: 'me.jpg',
    declaredType: 'image/jpeg',
    data: text(HTML),
    must: 'refuse',
  },
  {
    name: 'HTML as itself',
    fileName: 'page.html',
    declaredType: 'text/html',
    data: text(HTML),
    must: 'refuse',
  },
  {
    name: 'PDF/HTML polyglot',
    fileName: 'report.pdf',
    declaredType: 'application/pdf',
    data: text(`%PDF-1.4\n${HTML}\n%%EOF\n`),
    must: 'either',
  },
  {
    name: 'GIF/JavaScript polyglot',
    fileName: 'anim.gif',
    declaredType: 'image/gif',
    data: Buffer.concat([
      text('GIF89a/*'),
      Buffer.from([0x01, 0x00, 0x01, 0x00]),
      text('*/=alert(document.domain);//'),
    ]),
    must: 'either',
  },
  {
    name: 'PNG header then HTML',
    fileName: 'photo.png',
    declaredType: 'image/png',
    data: Buffer.concat([PNG.subarray(0, 8), text(HTML)]),
    must: 'either',
  },
  {
    name: 'JPEG header then HTML',
    fileName: 'photo.jpg',
    declaredType: 'text/html',
    data: Buffer.concat([JPEG_HEAD, text(HTML)]),
    must: 'either',
  },
  {
    name: 'double extension .pdf.exe',
    fileName: 'report.pdf.exe',
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'refuse',
    nameOnly: true,
  },
  {
    name: 'double extension .png.html',
    fileName: 'photo.png.html',
    declaredType: 'image/png',
    data: PNG,
    must: 'refuse',
    nameOnly: true,
  },
  {
    name: 'bidi override hiding .exe',
    fileName: 'invoice\u202efdp.exe',
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'refuse',
    nameOnly: true,
  },
  {
    name: 'bidi override in a real PDF',
    fileName: 'harmless\u202egnp.pdf',
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'either',
  },
  {
    name: 'bidi isolate in a real PNG',
    fileName: 'me\u2067lmth.png',
    declaredType: 'image/png',
    data: PNG,
    must: 'either',
  },
  {
    name: 'folders in the name',
    fileName: '../../../etc/passwd.pdf',
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'either',
  },
  {
    name: 'Windows folders in the name',
    fileName: 'C:\\Users\\x\\brief.pdf',
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'either',
  },
  {
    name: 'control characters in the name',
    fileName: 'a\u0007b\u001bc.pdf',
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'either',
  },
  {
    name: 'a 1,000-character name',
    fileName: `${'n'.repeat(1_000)}.pdf`,
    declaredType: 'application/pdf',
    data: text(PDF),
    must: 'either',
  },
  {
    name: 'real PNG declared as HTML',
    fileName: 'photo.png',
    declaredType: 'text/html',
    data: PNG,
    must: 'either',
  },
  {
    name: 'markup in a .txt',
    fileName: 'notes.txt',
    declaredType: 'text/html',
    data: text(HTML),
    must: 'either',
  },
  {
    name: 'truncated PNG (signature only)',
    fileName: 'cut.png',
    declaredType: 'image/png',
    data: PNG.subarray(0, 8),
    must: 'either',
  },
  {
    name: 'truncated PDF',
    fileName: 'cut.pdf',
    declaredType: 'application/pdf',
    data: text('%PDF-'),
    must: 'either',
  },
  {
    name: 'zero bytes',
    fileName: 'empty.pdf',
    declaredType: 'application/pdf',
    data: Buffer.alloc(0),
    must: 'refuse',
  },
  {
    name: 'no extension',
    fileName: 'README',
    declaredType: 'text/plain',
    data: text('hello'),
    must: 'refuse',
  },
];

/** Characters a served file name must not carry: controls, bidi controls, separators, quotes. */
// eslint-disable-next-line no-control-regex
export const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\"]/;

/** What a browser may be handed from our origin without running it. */
export const SAFE_SERVED_TYPES =
  /^(application\/pdf|image\/(png|jpeg|webp|gif)|text\/(plain|csv|markdown|tab-separated-values)(; ?charset=utf-8)?|application\/(msword|vnd\.ms-[\w.-]+|vnd\.openxmlformats-officedocument\.[\w.-]+))$/;
