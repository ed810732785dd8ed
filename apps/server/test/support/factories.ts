import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@sciwise/contracts';
import type { SignUpRequest } from '@sciwise/contracts/phone';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.ts';

let counter = 0;

/** A unique, valid sign-up payload; every test makes its own people. */
export function signUpPayload(overrides: Partial<SignUpRequest> = {}): SignUpRequest & { password: string } {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(3).toString('hex')}`;
  return {
    email: `user-${tag}@example.test`,
    firstName: 'Marie',
    lastName: 'Curie',
    phoneNumber: '+1 201 555 0199',
    password: `polonium-${tag}`,
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
