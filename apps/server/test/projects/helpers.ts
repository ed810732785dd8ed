import { randomBytes } from 'node:crypto';
import type { ProjectDetails, ProjectDraft, QuoteRequest } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { expertProfiles } from '../../src/db/schema/index.ts';
import { usdMinor } from '@sciwise/contracts';
import { signedInUser, type SignedInUser } from '../support/factories.ts';

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

/** Tomorrow plus `days`, as YYYY-MM-DD on the UTC calendar the server checks against. */
export function futureDate(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function projectInput(overrides: Partial<ProjectDraft> = {}): ProjectDraft {
  return {
    title: 'Statistical analysis of a clinical trial',
    description:
      'We need a biostatistician to analyse a phase II trial dataset and write the statistical report for the sponsor.',
    category: 'data_analysts',
    subjects: ['Biostatistics'],
    budgetType: 'fixed',
    budgetMinMinor: 100_000,
    budgetMaxMinor: 300_000,
    currency: 'USD',
    deadline: futureDate(),
    visibility: 'public',
    ...overrides,
  };
}

export function quoteInput(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    coverLetter: 'I have analysed a dozen phase II trials and can deliver the report in three weeks.',
    priceMinor: 200_000,
    durationDays: 21,
    milestones: [
      { title: 'Statistical analysis plan', amountMinor: 50_000 },
      { title: 'Final report', amountMinor: 150_000 },
    ],
    ...overrides,
  };
}

/** A signed-in person with an approved expert profile (the vetting flow has its own tests). */
export async function approvedExpert(
  app: FastifyInstance,
  profile: {
    subjects?: string[];
    category?: 'data_analysts' | 'researchers' | 'writers';
    rateMinor?: number;
  } = {},
): Promise<SignedInUser> {
  const person = await signedInUser(app, {
    firstName: 'Ada',
    lastName: `Expert${randomBytes(2).toString('hex')}`,
  });
  const rate = profile.rateMinor ?? 9_000;
  await app.db.insert(expertProfiles).values({
    userId: person.id,
    slug: `ada-${randomBytes(5).toString('hex')}`,
    displayName: 'Ada Expert',
    headline: 'Biostatistician for clinical trials',
    bio: 'Twenty years of clinical trial statistics for sponsors and contract research organisations.',
    category: profile.category ?? 'data_analysts',
    subjects: profile.subjects ?? ['Biostatistics'],
    hourlyRateMinor: rate,
    currency: 'USD',
    rateUsdMinor: usdMinor(rate, 'USD'),
    country: 'GB',
    languages: ['en'],
    status: 'approved',
  });
  return person;
}

export async function createProject(
  app: FastifyInstance,
  owner: SignedInUser,
  overrides: Partial<ProjectDraft> = {},
) {
  const response = await call(app, 'POST', '/api/projects', owner, projectInput(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<ProjectDetails>();
}

export async function openProject(
  app: FastifyInstance,
  owner: SignedInUser,
  overrides: Partial<ProjectDraft> = {},
) {
  const draft = await createProject(app, owner, overrides);
  const response = await call(app, 'POST', `/api/projects/${draft.id}/publish`, owner);
  if (response.statusCode !== 200) throw new Error(`publish failed: ${response.statusCode} ${response.body}`);
  return response.json<ProjectDetails>();
}

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

export function upload(app: FastifyInstance, who: Who, projectId: string, fileName: string, data: Buffer) {
  const body = multipartFile(fileName, data);
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/attachments`,
    headers: { ...who?.headers, ...body.headers },
    payload: body.payload,
  });
}
