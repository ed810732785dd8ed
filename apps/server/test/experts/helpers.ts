import { randomBytes } from 'node:crypto';
import type { ExpertSearchResponse } from '@sciwise/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../src/db/client.ts';
import { insertExperts, type ExpertSeed } from '../../src/db/seed/experts.ts';

/** A made-up word no other test uses, so a test can search for exactly its own experts. */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return `zq${[...randomBytes(8)].map((b) => letters[b % letters.length]).join('')}`;
}

let counter = 0;

export function expertSeed(overrides: Partial<ExpertSeed> = {}): ExpertSeed {
  counter += 1;
  const tag = `${counter}${randomBytes(4).toString('hex')}`;
  return {
    email: `expert-test-${tag}@example.test`,
    firstName: 'Rosalind',
    lastName: 'Franklin',
    slug: `rosalind-franklin-${tag}`,
    headline: 'Research scientist in structural biology',
    bio: 'I solve crystal structures and write clear reports for biotech teams and universities around the world.',
    category: 'researchers',
    subjects: ['Structural biology'],
    hourlyRateMinor: 10_000,
    currency: 'USD',
    country: 'GB',
    languages: ['en'],
    availability: 'available',
    ratingSum: 0,
    ratingCount: 0,
    ...overrides,
  };
}

export const makeExperts = (db: Executor, seeds: Partial<ExpertSeed>[]) =>
  insertExperts(db, seeds.map(expertSeed));

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

/** Rows of a raw db.execute, whichever driver answered (both return { rows }). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
