import type { LinkedIdentitiesResponse } from '@sciwise/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { externalIdentities, users } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../errors.ts';
import { presentVerifiedOrcid } from './orcid.ts';
import type { IdentityProviders } from './providers.ts';

type UserRow = typeof users.$inferSelect;

/** The account an identity (issuer, subject) is linked to: the only way an identity finds a user. */
export async function identityOwner(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<{ identityId: string; user: UserRow } | undefined> {
  const [row] = await db
    .select({ identityId: externalIdentities.id, user: users })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function markIdentityUsed(ctx: ServiceContext, identityId: string): Promise<void> {
  await ctx.db
    .update(externalIdentities)
    .set({ lastUsedAt: ctx.clock.now() })
    .where(eq(externalIdentities.id, identityId));
}

/** Links (issuer, subject) to a signed-in account; a no-op when it is linked to that account already. */
export async function linkIdentity(
  db: Executor,
  input: {
    userId: string;
    issuer: string;
    subject: string;
    email: string | undefined;
    /** The checked ORCID iD when the provider is an ORCID provider. */
    orcidId?: string | null;
  },
): Promise<'linked' | 'already_yours' | 'already_linked'> {
  const owner = await identityOwner(db, input.issuer, input.subject);
  if (owner) return owner.user.id === input.userId ? 'already_yours' : 'already_linked';
  const inserted = await db
    .insert(externalIdentities)
    .values({
      userId: input.userId,
      issuer: input.issuer,
      subject: input.subject,
      email: input.email ?? null,
      orcidId: input.orcidId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: externalIdentities.id });
  // A concurrent link of the same identity won the unique index.
  return inserted.length > 0 ? 'linked' : 'already_linked';
}

export async function listIdentities(
  ctx: ServiceContext,
  providers: IdentityProviders,
  user: UserRow,
): Promise<LinkedIdentitiesResponse> {
  const rows = await ctx.db
    .select()
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, user.id))
    .orderBy(asc(externalIdentities.createdAt));
  const hasPassword = user.passwordHash !== null;
  const ways = rows.length + (hasPassword ? 1 : 0);
  const linkedIssuers = new Set(rows.map((row) => providers.byIssuer(row.issuer)?.name));
  return {
    identities: rows.map((row) => {
      const provider = providers.byIssuer(row.issuer);
      return {
        id: row.id,
        provider: provider?.name ?? null,
        label: provider?.label ?? new URL(row.issuer).host,
        email: row.email,
        linkedAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        canUnlink: ways > 1,
        orcid: row.orcidId ? presentVerifiedOrcid(row.issuer, row.orcidId) : null,
      };
    }),
    hasPassword,
    linkable: providers
      .list()
      .filter((provider) => !linkedIssuers.has(provider.name))
      .map(({ name, label }) => ({ name, label })),
  };
}

/** Removes one linked identity, unless it is the account's last way in (no password, no other link). */
export async function unlinkIdentity(ctx: ServiceContext, user: UserRow, identityId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Lock the account so two unlinks at once cannot both see "one more way left".
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [mine] = await tx
      .select({ id: externalIdentities.id })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.id, identityId), eq(externalIdentities.userId, user.id)));
    if (!mine) throw notFound('That sign-in method is not linked to your account.');
    const [{ linked } = { linked: 0 }] = await tx
      .select({ linked: count() })
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, user.id));
    const [fresh] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    if (linked <= 1 && !fresh?.passwordHash)
      throw conflict(
        'This is your only way to sign in. Link another provider first, or set a password with "Forgot your password?" on the login window.',
      );
    await tx.delete(externalIdentities).where(eq(externalIdentities.id, identityId));
  });
}
