import { existsSync, readdirSync } from 'node:fs';
import {
  ATTACHMENT_MAX_BYTES,
  AVATAR_MAX_BYTES,
  type Attachment,
  type Contract,
  type CurrentUser,
  type NdaDocument,
  type ProjectView,
} from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { fileUpload, multipartBody, type MultipartBody } from './multipart.ts';
import { operationsOf } from './operations.ts';
import { hostileFiles, SAFE_SERVED_TYPES, UNSAFE_NAME, type HostileFile } from './upload-corpus.ts';
import { PNG } from './world.ts';
import { createProject, type Hired, hiredContract, signedInUser, type SignedInUser } from '../factories.ts';
import { fund, getContract } from '../support/requests.ts';

/**
 * The hostile upload corpus on every route that takes a file. A file is either refused with a
 * 4xx that says why, or served back so that no browser runs it: a type from our allow-list,
 * `nosniff`, `Content-Disposition: attachment` for documents, and a cleaned name.
 */
let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app);
});
afterAll(() => t.close());

interface Served {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The name the server shows (JSON) and sends (Content-Disposition), when it keeps one. */
  names: string[];
}

interface UploadRoute {
  limitBytes: number;
  /** The route keeps the file's name (and must clean it). */
  keepsName: boolean;
  /**
   * Sends the upload; returns the answer and, when the file was taken, how it is served back;
   * `kept` says whether a refused upload changed anything anyway.
   */
  upload(body: MultipartBody): Promise<{ status: number; message?: string; served?: Served; kept?: boolean }>;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, body?: MultipartBody) =>
  t.app.inject({
    method,
    url,
    headers: { ...owner.headers, ...(body ? { 'content-type': body.contentType } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });

/** How many files the file store holds: a refused upload must leave none behind. */
function storedFiles(): number {
  if (!existsSync(t.config.filesDir)) return 0;
  return readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  ).length;
}

function dispositionName(header: unknown): string[] {
  const match = /filename\*=UTF-8''([^;]+)/.exec(String(header ?? ''));
  return match ? [decodeURIComponent(match[1]!)] : [];
}

/** Funded milestones to deliver work on, twenty to a contract, opened as the corpus needs them. */
const funded: Array<{ hired: Hired; milestoneId: string }> = [];
async function fundedMilestone() {
  if (funded.length === 0) {
    const milestones = Array.from({ length: 20 }, (_, i) => ({
      title: `Part ${i + 1}`,
      amountMinor: 1_000,
      criteria: [],
    }));
    const hired = await hiredContract(t.app, {
      coverLetter: 'Twenty parts, each delivered on its own for the upload corpus.',
      priceMinor: 20_000,
      durationDays: 20,
      milestones,
    });
    for (const milestone of hired.contract.milestones) funded.push({ hired, milestoneId: milestone.id });
  }
  const next = funded.shift()!;
  const response = await fund(t.app, next.hired.client, next.milestoneId);
  if (response.statusCode !== 200) throw new Error(`fund: ${response.statusCode} ${response.body}`);
  return next;
}

/** A submission carries a note: put one before the (hostile) file part, in the body's own boundary. */
function withNote(body: MultipartBody): Buffer {
  const boundary = /boundary=(.+)$/.exec(body.contentType)?.[1];
  if (!boundary) return body.payload;
  const note = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nThe deliverable.\r\n`;
  return Buffer.concat([Buffer.from(note), body.payload]);
}

const routes: Record<string, UploadRoute> = {
  'PUT /api/me/avatar': {
    limitBytes: AVATAR_MAX_BYTES,
    keepsName: false,
    async upload(body) {
      const avatarUrl = async () => (await inject('GET', '/api/me')).json<CurrentUser>().avatarUrl;
      const before = await avatarUrl();
      const filesBefore = storedFiles();
      const response = await inject('PUT', '/api/me/avatar', body);
      if (response.statusCode !== 200) {
        const kept = (await avatarUrl()) !== before || storedFiles() !== filesBefore;
        return { status: response.statusCode, message: response.json().message, kept };
      }
      const download = await inject('GET', response.json<CurrentUser>().avatarUrl!);
      return { status: 200, served: { status: download.statusCode, headers: download.headers, names: [] } };
    },
  },
  'POST /api/projects/{id}/attachments': {
    limitBytes: ATTACHMENT_MAX_BYTES,
    keepsName: true,
    async upload(body) {
      const project = await createProject(t.app, owner);
      const filesBefore = storedFiles();
      const response = await inject('POST', `/api/projects/${project.id}/attachments`, body);
      if (response.statusCode !== 201) {
        const details = (await inject('GET', `/api/projects/${project.id}`)).json<ProjectView>().details;
        const kept = (details?.attachments.length ?? 0) > 0 || storedFiles() !== filesBefore;
        return { status: response.statusCode, message: response.json().message, kept };
      }
      const attachment = response.json<Attachment>();
      const download = await inject('GET', `/api/projects/${project.id}/attachments/${attachment.id}`);
      const names = [attachment.fileName, ...dispositionName(download.headers['content-disposition'])];
      return { status: 201, served: { status: download.statusCode, headers: download.headers, names } };
    },
  },
  'POST /api/projects/{id}/nda': {
    limitBytes: ATTACHMENT_MAX_BYTES,
    keepsName: true,
    async upload(body) {
      const project = await createProject(t.app, owner);
      const filesBefore = storedFiles();
      const response = await inject('POST', `/api/projects/${project.id}/nda`, body);
      if (response.statusCode !== 200) {
        const details = (await inject('GET', `/api/projects/${project.id}`)).json<ProjectView>().details;
        const kept = details?.confidentiality !== null || storedFiles() !== filesBefore;
        return { status: response.statusCode, message: response.json().message, kept };
      }
      const agreement = (await inject('GET', `/api/projects/${project.id}/nda`)).json<NdaDocument>();
      const download = await inject('GET', agreement.file!.url);
      const names = [agreement.file!.name, ...dispositionName(download.headers['content-disposition'])];
      return { status: 200, served: { status: download.statusCode, headers: download.headers, names } };
    },
  },
  'POST /api/milestones/{id}/submissions': {
    limitBytes: ATTACHMENT_MAX_BYTES,
    keepsName: true,
    async upload(body) {
      const { hired, milestoneId } = await fundedMilestone();
      const filesBefore = storedFiles();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/milestones/${milestoneId}/submissions`,
        headers: { ...hired.expert.headers, 'content-type': body.contentType },
        payload: withNote(body),
      });
      const milestoneOf = (contract: Contract) => contract.milestones.find((m) => m.id === milestoneId)!;
      if (response.statusCode !== 200) {
        const after = milestoneOf(await getContract(t.app, hired.expert, hired.contract.id));
        const kept = after.submissions.length > 0 || storedFiles() !== filesBefore;
        return { status: response.statusCode, message: response.json().message, kept };
      }
      const file = milestoneOf(response.json<Contract>()).submissions[0]!.files[0]!;
      const download = await t.app.inject({ method: 'GET', url: file.url, headers: hired.client.headers });
      const names = [file.name, ...dispositionName(download.headers['content-disposition'])];
      return { status: 200, served: { status: download.statusCode, headers: download.headers, names } };
    },
  },
};

/** Why a served file is unsafe; empty when a browser would only download or display it. */
function unsafeServing(served: Served, route: string): string[] {
  const problems: string[] = [];
  const type = String(served.headers['content-type'] ?? '');
  if (served.status !== 200) problems.push(`download answered ${served.status}`);
  if (!SAFE_SERVED_TYPES.test(type)) problems.push(`served as ${type}`);
  if (served.headers['x-content-type-options'] !== 'nosniff')
    problems.push('no X-Content-Type-Options: nosniff');
  const documents = ['attachments', 'submissions', 'nda'].some((kind) => route.includes(kind));
  if (documents && !String(served.headers['content-disposition']).startsWith('attachment'))
    problems.push('not served as an attachment');
  for (const name of served.names)
    if (UNSAFE_NAME.test(name)) problems.push(`name kept unsafe characters: ${JSON.stringify(name)}`);
  for (const name of served.names) if (name.length > 255) problems.push(`name of ${name.length} characters`);
  return problems;
}

async function outcome(route: string, body: MultipartBody, must: HostileFile['must']) {
  const result = await routes[route]!.upload(body);
  if (result.status >= 400 && result.status < 500) {
    if (result.kept) return `refused (${result.status}) but something was stored`;
    const readable = typeof result.message === 'string' && result.message.length > 0;
    return readable ? 'refused' : `refused without a message (${result.status})`;
  }
  if (must === 'refuse') return `accepted (${result.status}) but must be refused`;
  const problems = result.served ? unsafeServing(result.served, route) : [`answered ${result.status}`];
  return problems.length ? problems.join('; ') : 'served safely';
}

describe('every upload route is in this corpus', () => {
  it('the OpenAPI document lists exactly the upload routes attacked here', async () => {
    const documented = operationsOf(t.app.swagger())
      .filter((op) => op.body?.contentType === 'multipart/form-data')
      .map((op) => op.key)
      .sort();
    expect(documented).toEqual(Object.keys(routes).sort());
  });
});

describe.each(Object.keys(routes))('%s', (route) => {
  it.each(hostileFiles)('$name', async (file) => {
    const body = fileUpload(file.fileName, file.data, file.declaredType);
    const must = file.nameOnly && !routes[route]!.keepsName ? 'either' : file.must;
    const result = await outcome(route, body, must);
    expect(result).toMatch(must === 'refuse' ? /^refused$/ : /^(refused|served safely)$/);
  });

  it('a file one byte over the limit is refused with 413', async () => {
    const data = Buffer.concat([PNG, Buffer.alloc(routes[route]!.limitBytes + 1 - PNG.length)]);
    const result = await routes[route]!.upload(fileUpload('big.png', data, 'image/png'));
    expect(result.status).toBe(413);
    expect(result.message).toMatch(/larger|at most/);
    expect(result.kept).toBe(false);
  });

  it.each([
    [
      'cut off before the closing boundary',
      multipartBody([{ fileName: 'a.png', data: PNG }], { close: false }),
    ],
    [
      'cut off in the middle of the headers',
      { ...fileUpload('a.png', PNG), payload: fileUpload('a.png', PNG).payload.subarray(0, 50) },
    ],
    ['without a boundary', { ...fileUpload('a.png', PNG), contentType: 'multipart/form-data' }],
  ])('a malformed upload (%s) is a 4xx with a message', async (_name, body) => {
    const result = await routes[route]!.upload(body);
    expect(result.status, result.message).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.message).toBeTruthy();
    expect(result.kept).toBe(false);
  });
});
