/**
 * Test data: the people, experts, projects, quotes and contracts a test makes for itself. Every
 * call makes new rows with unique names, so tests never depend on order or on global counts.
 * People and projects go through the API (as a user would make them); what only a back office
 * makes (an approved expert, an administrator) is written straight to the database.
 */
import { randomBytes } from 'node:crypto';
import type { Contract, LoginResponse, ProjectDetails, ProjectDraft, QuoteRequest } from '@sciwise/contracts';
import type { SignUpRequest } from '@sciwise/contracts/phone';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { expertProfiles, users } from '../src/db/schema/index.ts';
import { insertExperts, type ExpertSeed } from '../src/db/seed/experts.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createSession } from '../src/modules/accounts/sessions.ts';
import { usdMinor } from '@sciwise/contracts';
import { call, fund, getContract, moneyCall, submitWork } from './support/requests.ts';

let counter = 0;
const uniqueTag = () => `${Date.now().toString(36)}${(counter += 1)}${randomBytes(3).toString('hex')}`;
const shortTag = () => randomBytes(2).toString('hex');

// People

/** A unique, valid sign-up payload. */
export function signUpPayload(overrides: Partial<SignUpRequest> = {}): SignUpRequest & { password: string } {
  const unique = uniqueTag();
  return {
    email: `user-${unique}@example.test`,
    firstName: 'Marie',
    lastName: 'Curie',
    phoneNumber: '+1 201 555 0199',
    password: `polonium-${unique}`,
    heardFrom: 'conference',
    newsletterOptIn: false,
    ...overrides,
  } as SignUpRequest & { password: string };
}

/** A random client address, so per-IP rate limits of one test don't touch another's. */
export function randomIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  token: string;
  /** Authorization header for app.inject. */
  headers: { authorization: string };
}

/**
 * Signs up through the API, confirms the e-mail address (as opening the e-mailed link would) and
 * logs in; returns the bearer token. unverifiedUser leaves the address unconfirmed.
 */
export async function signedInUser(
  app: FastifyInstance,
  overrides: Partial<SignUpRequest> = {},
): Promise<SignedInUser> {
  const user = await unverifiedUser(app, overrides);
  await app.db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return user;
}

/** A new member who has not opened the e-mailed confirmation link yet. */
export async function unverifiedUser(
  app: FastifyInstance,
  overrides: Partial<SignUpRequest> = {},
): Promise<SignedInUser> {
  const payload = signUpPayload(overrides);
  const remoteAddress = randomIp();
  const created = await app.inject({ method: 'POST', url: '/api/User/AddNewUser', payload, remoteAddress });
  if (created.statusCode !== 201) throw new Error(`sign-up failed: ${created.statusCode} ${created.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { email: payload.email, password: payload.password },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const body = login.json<LoginResponse>();
  return {
    id: body.user.id,
    email: body.user.email,
    password: payload.password,
    token: body.token,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

/** A signed-in administrator: a new member promoted in the database (no route makes admins). */
export async function adminUser(
  app: FastifyInstance,
  overrides: Partial<SignUpRequest> = {},
): Promise<SignedInUser> {
  const admin = await signedInUser(app, overrides);
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  return admin;
}

/**
 * A signed-in member made straight in the database, e-mail address confirmed: no password (so
 * no argon2 hashing), for matrices that need a fresh person per attempt. Rows about passwords
 * use signedInUser.
 */
export async function quickMember(
  app: FastifyInstance,
  options: { role?: 'member' | 'admin'; password?: HashedPassword } = {},
): Promise<SignedInUser> {
  const tag = randomBytes(6).toString('hex');
  const [user] = await app.db
    .insert(users)
    .values({
      email: `quick-${tag}@example.test`,
      firstName: 'Grace',
      lastName: `Hopper${tag.slice(0, 4)}`,
      role: options.role ?? 'member',
      passwordHash: options.password?.hash ?? null,
      // Test people have confirmed their address, as every account made before it was asked had.
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id, email: users.email });
  const { token } = await createSession(app.db, { userId: user!.id, ttlMs: 86_400_000 });
  const password = options.password?.plain ?? '';
  return { id: user!.id, email: user!.email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** A password hashed once, to give many quick members without hashing for each. */
export interface HashedPassword {
  plain: string;
  hash: string;
}

export async function hashedPassword(): Promise<HashedPassword> {
  const plain = `quick-${randomBytes(8).toString('hex')}`;
  return { plain, hash: await hashPassword(plain) };
}

// Experts

/** A made-up word no other test uses, so a test can search for exactly its own experts. */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return `zq${[...randomBytes(8)].map((b) => letters[b % letters.length]).join('')}`;
}

/** A listed expert as the seed writes one (no account to sign in with): for search tests. */
export function expertSeed(overrides: Partial<ExpertSeed> = {}): ExpertSeed {
  const unique = uniqueTag();
  return {
    email: `expert-test-${unique}@example.test`,
    firstName: 'Rosalind',
    lastName: 'Franklin',
    slug: `rosalind-franklin-${unique}`,
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

/** A signed-in person with an approved expert profile (the vetting flow has its own tests). */
export async function approvedExpert(
  app: FastifyInstance,
  profile: {
    firstName?: string;
    lastName?: string;
    subjects?: string[];
    category?: 'data_analysts' | 'researchers' | 'writers';
    rateMinor?: number;
  } = {},
): Promise<SignedInUser> {
  const firstName = profile.firstName ?? 'Ada';
  const lastName = profile.lastName ?? `Expert${shortTag()}`;
  const person = await signedInUser(app, { firstName, lastName });
  const rate = profile.rateMinor ?? 9_000;
  await app.db.insert(expertProfiles).values({
    userId: person.id,
    slug: `${firstName.toLowerCase()}-${randomBytes(5).toString('hex')}`,
    displayName: `${firstName} ${lastName}`,
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

/** A quick member with an approved expert profile (vetting has its own tests). */
export async function quickExpert(
  app: FastifyInstance,
  password?: HashedPassword,
): Promise<SignedInUser & { slug: string }> {
  const person = await quickMember(app, { password });
  const slug = `grace-${randomBytes(5).toString('hex')}`;
  await app.db.insert(expertProfiles).values({
    userId: person.id,
    slug,
    displayName: 'Grace Hopper',
    headline: 'Compiler engineer',
    category: 'product_developers',
    status: 'approved',
  });
  return { ...person, slug };
}

// Projects

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

/** A draft project of the owner's, made through the API. */
export async function createProject(
  app: FastifyInstance,
  owner: SignedInUser,
  overrides: Partial<ProjectDraft> = {},
) {
  const response = await call(app, 'POST', '/api/projects', owner, projectInput(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<ProjectDetails>();
}

/** A published (open) project of the owner's. */
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

// Quotes

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

/** Two milestones ($1,000.00 and $500.00), the first with acceptance criteria. */
export const criteriaQuote = (overrides: Partial<QuoteRequest> = {}): QuoteRequest =>
  quoteInput({
    priceMinor: 150_000,
    milestones: [
      {
        title: 'Statistical analysis plan',
        amountMinor: 100_000,
        criteria: ['Covers every endpoint in the protocol', 'Names the software and its version'],
      },
      { title: 'Final report', amountMinor: 50_000, criteria: [] },
    ],
    ...overrides,
  });

/** One milestone of $500.00, so a contract can be driven to its end in a few calls. */
export const oneMilestoneQuote = () =>
  quoteInput({
    priceMinor: 50_000,
    milestones: [{ title: 'Statistical report', amountMinor: 50_000, criteria: [] }],
  });

// Contracts

export interface Hired {
  client: SignedInUser;
  expert: SignedInUser;
  contract: Contract;
}

/** A client who posted a project and hired an approved expert on a quote: a fresh contract. */
export async function hiredContract(
  app: FastifyInstance,
  quote: QuoteRequest = criteriaQuote(),
): Promise<Hired> {
  const client = await signedInUser(app, { firstName: 'Carla', lastName: `Client${shortTag()}` });
  const expert = await approvedExpert(app);
  return { client, expert, contract: await anotherContract(app, { client, expert, quote }) };
}

/** One more contract between two people: the client posts, the expert quotes, the client hires. */
export async function anotherContract(
  app: FastifyInstance,
  {
    client,
    expert,
    quote = criteriaQuote(),
  }: { client: SignedInUser; expert: SignedInUser; quote?: QuoteRequest },
): Promise<Contract> {
  const project = await openProject(app, client);
  const sent = await call(app, 'POST', `/api/projects/${project.id}/quotes`, expert, quote);
  if (sent.statusCode !== 201) throw new Error(`quote failed: ${sent.statusCode} ${sent.body}`);
  const accepted = await call(
    app,
    'POST',
    `/api/quotes/${sent.json<{ id: string }>().id}/accept`,
    client,
    {},
  );
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return getContract(app, client, accepted.json<{ contractId: string }>().contractId);
}

/** Funds, delivers and approves one milestone of a hired contract (every criterion ticked). */
export async function releaseMilestone(app: FastifyInstance, hired: Hired, index = 0): Promise<void> {
  const milestone = hired.contract.milestones[index]!;
  expect((await fund(app, hired.client, milestone.id)).statusCode).toBe(200);
  expect((await submitWork(app, hired.expert, milestone.id)).statusCode).toBe(200);
  const metCriteria = milestone.criteria.map((_, i) => i);
  const approved = await moneyCall(
    app,
    `/api/milestones/${milestone.id}/approve`,
    hired.client,
    metCriteria.length > 0 ? { metCriteria } : {},
  );
  expect(approved.statusCode, approved.body).toBe(200);
}

/** A hired contract whose first milestone ($1,000.00) is released: $900.00 available to the expert. */
export async function expertWithReleasedMilestone(app: FastifyInstance): Promise<Hired> {
  const hired = await hiredContract(app);
  await releaseMilestone(app, hired);
  return hired;
}

/** Hired, funded, delivered and released: a contract with every milestone settled, not yet ended. */
export async function releasedContract(app: FastifyInstance): Promise<Hired> {
  const hired = await hiredContract(app, oneMilestoneQuote());
  await releaseMilestone(app, hired);
  return hired;
}

/** A released contract that one side ended through its route. */
export async function endedContract(app: FastifyInstance): Promise<Hired> {
  const hired = await releasedContract(app);
  const ended = await call(app, 'POST', `/api/contracts/${hired.contract.id}/end`, hired.client);
  expect(ended.statusCode, ended.body).toBe(200);
  return hired;
}
