import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expertProfiles, users } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { SignedInUser } from '../support/factories.ts';

/**
 * A signed-in member made straight in the database, e-mail address confirmed: no password (so no argon2 hashing), for
 * matrices that need a fresh person per attempt. Rows about passwords use signedInUser.
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
