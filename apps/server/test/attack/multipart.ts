import fc from 'fast-check';
import { bidiChars, controlChars, hostileStrings } from './hostile-values.ts';

/** A multipart/form-data body, built by hand so that it can be wrong in every way. */
export interface MultipartBody {
  payload: Buffer;
  contentType: string;
}

export interface Part {
  /** Raw header lines of the part; when absent, a file part named "file". */
  headers?: string[];
  name?: string;
  fileName?: string;
  type?: string;
  data: Buffer | string;
}

const BOUNDARY = 'sciwiseAttackBoundary7MA4YWxkTrZu0gW';

function partHeaders(part: Part): string[] {
  if (part.headers) return part.headers;
  const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
  return [
    `Content-Disposition: form-data; name="${part.name ?? 'file'}"${fileName}`,
    `Content-Type: ${part.type ?? 'application/octet-stream'}`,
  ];
}

export function multipartBody(
  parts: Part[],
  options: { boundary?: string; close?: boolean } = {},
): MultipartBody {
  const boundary = options.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${partHeaders(part).join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One file in the "file" field, as a browser sends it. */
export const fileUpload = (fileName: string, data: Buffer | string, type = 'application/octet-stream') =>
  multipartBody([{ fileName, data, type }]);

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const fileNames = fc.oneof(
  fc.constantFrom(
    'brief.pdf',
    'photo.png',
    'a.jpg',
    'data.csv',
    'x',
    '.pdf',
    'report.pdf.exe',
    'photo.png.html',
  ),
  fc.constantFrom(...hostileStrings).map((name) => `${name}.pdf`),
  fc.constantFrom(...controlChars, ...bidiChars).map((char) => `re${char}port.pdf`),
  fc.constant(`${'n'.repeat(10_000)}.png`),
);

const fileData = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    Buffer.alloc(0),
    PNG_HEAD,
    Buffer.from('%PDF-1.7\n%%EOF\n'),
    Buffer.from('<html><script>alert(1)</script></html>'),
    Buffer.from(`--${BOUNDARY}\r\n`),
  ),
);

/** A well-formed upload of arbitrary (mostly wrong) content under an arbitrary name and type. */
const plausibleUpload = fc
  .record({
    fileName: fileNames,
    data: fileData,
    type: fc.constantFrom('image/png', 'application/pdf', 'text/html', ''),
  })
  .map(({ fileName, data, type }) => fileUpload(fileName, data, type || 'application/octet-stream'));

const brokenBodies: MultipartBody[] = [
  { payload: Buffer.alloc(0), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  { payload: fileUpload('a.png', PNG_HEAD).payload, contentType: 'multipart/form-data' },
  { payload: fileUpload('a.png', PNG_HEAD).payload, contentType: 'multipart/form-data; boundary=other' },
  { payload: Buffer.from('{"file":"a"}'), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  multipartBody([{ fileName: 'a.png', data: PNG_HEAD }], { close: false }),
  {
    payload: fileUpload('a.png', PNG_HEAD).payload.subarray(0, 40),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  multipartBody([{ headers: [], data: 'no headers at all' }]),
  multipartBody([{ headers: ['Content-Disposition: attachment'], data: 'not form-data' }]),
  multipartBody([
    { headers: ['Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%E0%A4%A'], data: 'x' },
  ]),
  multipartBody([{ headers: [`X-Long: ${'h'.repeat(100_000)}`], data: 'x' }]),
  multipartBody([{ name: 'note', data: 'a field, but no file' }]),
  multipartBody([{ name: 'other', fileName: 'a.png', data: PNG_HEAD }]),
  multipartBody([
    { fileName: 'a.png', data: PNG_HEAD },
    { fileName: 'b.png', data: PNG_HEAD },
  ]),
  multipartBody(Array.from({ length: 12 }, (_, n) => ({ name: `field${n}`, data: 'v' }))),
  multipartBody([{ fileName: 'a.png', data: PNG_HEAD }], { boundary: 'b'.repeat(200) }),
  multipartBody([
    { headers: ['Content-Disposition: form-data; name="file"; filename="a\u0000.png"'], data: PNG_HEAD },
  ]),
  multipartBody([
    {
      headers: [
        'Content-Disposition: form-data; name="file"',
        'Content-Type: multipart/mixed; boundary=inner',
      ],
      data: '--inner\r\nContent-Disposition: file; filename="x.html"\r\n\r\n<script>1</script>\r\n--inner--',
    },
  ]),
];

/** Uploads to send to every route: a few plausible, many broken. */
export const multipartArbitrary: fc.Arbitrary<MultipartBody> = fc.oneof(
  { weight: 2, arbitrary: plausibleUpload },
  { weight: 3, arbitrary: fc.constantFrom(...brokenBodies) },
);
