// Uploads stream through the file store: counted, hashed and staged on disk, refused as soon as
// they pass their limit, and served back as streams with their size.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { brotliDecompressSync } from 'node:zlib';
import { ATTACHMENT_MAX_BYTES, type Attachment, type ProjectView } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTooLarge, localFileStore } from '../../src/modules/files/store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createProject, type SignedInUser, signedInUser } from '../factories.ts';
import { pdfBytes, upload } from '../support/requests.ts';

const MB = 1024 * 1024;

/** Files under root, wherever they are (the staging folder included). */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** `total` bytes in 64 KB chunks, made only as they are read; counts what was read. */
function lazyBody(total: number) {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const body = { produced: 0, stream: undefined as unknown as Readable };
  body.stream = new Readable({
    read() {
      if (body.produced >= total) return void this.push(null);
      const next = chunk.subarray(0, Math.min(chunk.length, total - body.produced));
      body.produced += next.length;
      this.push(next);
    },
  });
  return body;
}

describe('local file store', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sciwise-files-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stages a stream with its size and SHA-256, keeps it on commit, and serves it back as a stream', async () => {
    const store = localFileStore(root);
    const content = Buffer.from('%PDF-1.7 a small document\n'.repeat(1000));
    const staged = await store.stage(Readable.from([content.subarray(0, 100), content.subarray(100)]), MB);
    expect(staged.size).toBe(content.length);
    expect(staged.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await staged.read(0, 8)).toEqual(content.subarray(0, 8));
    expect(await staged.read(content.length - 4, 100)).toEqual(content.subarray(-4));

    const key = await staged.commit('project-files', 'pdf');
    expect(key).toMatch(/^project-files\/[0-9a-f-]{36}\.pdf$/);
    expect(filesUnder(root)).toEqual([key]);
    const stored = await store.get(key);
    expect(stored?.size).toBe(content.length);
    expect(await text(stored!.body)).toBe(content.toString());

    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it('stops reading a body at its limit, and leaves nothing behind', async () => {
    const store = localFileStore(root);
    const body = lazyBody(1024 * MB);
    await expect(store.stage(body.stream, 2 * MB)).rejects.toBeInstanceOf(FileTooLarge);
    // Of the gigabyte on offer, the store read a little past its limit, no more.
    expect(body.produced).toBeGreaterThan(2 * MB);
    expect(body.produced).toBeLessThan(3 * MB);
    expect(filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the body breaks off mid-file, however the disk and the body race', async () => {
    const store = localFileStore(root);
    // A multipart body cut off before its closing boundary: some bytes, then the parser's error.
    // Whether that error or the staged file's open comes first is up to the thread pool, so try
    // it often enough that both orders happen.
    for (let i = 0; i < 500; i++) {
      const body = new PassThrough();
      // The multipart parser listens for its part's errors from the start; so does this test.
      body.on('error', () => {});
      body.write('\x89PNG\r\n');
      setImmediate(() => body.destroy(new Error('Unexpected end of form')));
      await expect(store.stage(body, MB)).rejects.toThrow('Unexpected end of form');
    }
    // An open still in flight would create its file after the clean-up: let any such open land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(filesUnder(root)).toEqual([]);
  });

  it('throws a checked-and-refused upload away', async () => {
    const store = localFileStore(root);
    const staged = await store.stage(Readable.from([Buffer.from('MZ not a picture')]), MB);
    expect(filesUnder(root)).toHaveLength(1);
    await staged.discard();
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('uploading an attachment over HTTP', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t.app);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Streams a multipart upload of `size` bytes; resolves with the status and what had been sent. */
  function streamUpload(projectId: string, size: number) {
    const boundary = 'sciwise-large-upload';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\n\r\n`;
    const file = lazyBody(size);
    const request = httpRequest(`${baseUrl}/api/projects/${projectId}/attachments`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answered = new Promise<{
      status: number;
      connection: string | undefined;
      body: string;
      sentMb: number;
    }>((resolve, reject) => {
      request.on('response', (response) => {
        const sentMb = file.produced / MB;
        text(response)
          .then((body) => {
            file.stream.destroy();
            request.destroy();
            resolve({ status: response.statusCode!, connection: response.headers.connection, body, sentMb });
          })
          .catch(reject);
      });
      request.on('error', reject);
    });
    request.write(head);
    request.write(pdfBytes());
    file.stream.pipe(request, { end: false });
    file.stream.on('end', () => request.end(`\r\n--${boundary}--\r\n`));
    // The server may stop reading and close while the rest is on its way: that is the point.
    file.stream.on('error', () => {});
    return answered;
  }

  it('answers 413 once the file passes 20 MB, before the rest is sent, and keeps nothing', async () => {
    const draft = await createProject(t.app, owner);
    const size = 200 * MB;
    const { status, connection, body, sentMb } = await streamUpload(draft.id, size);
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toMatch(/at most 20 MB/);
    // Sent when the answer came: the limit and what the sockets buffer, far from all of it.
    expect(sentMb).toBeGreaterThan(ATTACHMENT_MAX_BYTES / MB);
    expect(sentMb).toBeLessThan(size / MB / 2);
    // The rest is not read, so the connection closes rather than waiting for it.
    expect(connection).toBe('close');
    expect(filesUnder(t.config.filesDir)).toEqual([]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${draft.id}`,
      headers: owner.headers,
    });
    expect(listed.json<ProjectView>().details?.attachments).toEqual([]);
  });

  it('serves a kept file as a stream with its Content-Length, or compressed when asked', async () => {
    const draft = await createProject(t.app, owner);
    const csv = Buffer.from('sample,value\n'.repeat(5000));
    const added = await upload(t.app, owner, draft.id, 'results.csv', csv);
    expect(added.statusCode).toBe(201);
    const url = `/api/projects/${draft.id}/attachments/${added.json<Attachment>().id}`;

    const plain = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(plain.headers['content-length']).toBe(String(csv.length));
    expect(plain.rawPayload).toEqual(csv);

    const compressed = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...owner.headers, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(compressed.rawPayload)).toEqual(csv);
  });
});
