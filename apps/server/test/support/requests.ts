/** Requests as a browser or an API client sends them, for tests to make in one line. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CardToken, Contract, ExpertSearchResponse } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { SignedInUser } from '../factories.ts';

/** Who makes a request: a signed-in person, or nobody (no credentials). */
export type Who = SignedInUser | null;

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Who,
  payload?: object,
) {
  return app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
}

/** A PUT with the person's bearer token. */
export function put(app: FastifyInstance, url: string, who: Who, payload: object) {
  return app.inject({ method: 'PUT', url, headers: who?.headers, payload });
}

/** A money-moving POST with its Idempotency-Key (a fresh one unless given). */
export function moneyCall(
  app: FastifyInstance,
  url: string,
  who: Who,
  payload: object,
  key: string | null = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...who?.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

// Files

/** A multipart/form-data body with one file, as a browser's upload would send it. */
export function multipartFile(fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----sciwise${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdfBytes = () =>
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** Attaches a file to a project. */
export function upload(app: FastifyInstance, who: Who, projectId: string, fileName: string, data: Buffer) {
  const body = multipartFile(fileName, data);
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/attachments`,
    headers: { ...who?.headers, ...body.headers },
    payload: body.payload,
  });
}

/** A multipart submission: a note and files, as the browser sends them. */
export function submission(note: string, files: Array<{ name: string; data: Buffer }>) {
  const boundary = `----sciwise${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n`),
  ];
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The expert delivers work on a milestone. */
export function submitWork(
  app: FastifyInstance,
  expert: Who,
  milestoneId: string,
  note = 'The analysis plan, with the endpoints and the software named.',
  files = [
    { name: 'plan.txt', data: Buffer.from('Statistical analysis plan\nEndpoints: all\nSoftware: R 4.4\n') },
  ],
) {
  const body = submission(note, files);
  return app.inject({
    method: 'POST',
    url: `/api/milestones/${milestoneId}/submissions`,
    headers: { ...expert?.headers, ...body.headers },
    payload: body.payload,
  });
}

// Contracts and money

export async function getContract(app: FastifyInstance, who: Who, id: string): Promise<Contract> {
  const response = await call(app, 'GET', `/api/contracts/${id}`, who);
  if (response.statusCode !== 200) throw new Error(`contract: ${response.statusCode} ${response.body}`);
  return response.json<Contract>();
}

/** The sandbox processor's test card numbers. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  processingError: '4000 0000 0000 0119',
};

/** A one-time token from the sandbox's card form. */
export async function cardToken(
  app: FastifyInstance,
  who: SignedInUser,
  number = CARDS.visa,
): Promise<string> {
  const response = await call(app, 'POST', '/api/payments/sandbox/tokens', who, {
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<CardToken>().token;
}

/** The client funds a milestone with a card. */
export async function fund(
  app: FastifyInstance,
  client: SignedInUser,
  milestoneId: string,
  number = CARDS.visa,
) {
  return moneyCall(app, `/api/milestones/${milestoneId}/fund`, client, {
    paymentToken: await cardToken(app, client, number),
  });
}

// Expert search

export async function search(app: FastifyInstance, query: Record<string, string | number>) {
  const params = new URLSearchParams(
    Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  );
  const url = `/api/experts?${params.toString()}`;
  const response = await app.inject({ method: 'GET', url });
  return { response, body: response.json<ExpertSearchResponse>() };
}

export async function searchSlugs(
  app: FastifyInstance,
  query: Record<string, string | number>,
): Promise<string[]> {
  const { response, body } = await search(app, query);
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode} ${response.body}`);
  return body.experts.map((e) => e.slug);
}
