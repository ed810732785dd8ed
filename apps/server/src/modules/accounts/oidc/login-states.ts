import { and, eq, gt, lt } from 'drizzle-orm';
import type { ServiceContext } from '../../../context.ts';
import { oidcLoginStates } from '../../../db/schema/index.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';

/** How long a sign-in may sit at the provider, or a new person on the "finish your account" form. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

export type LoginStateKind = (typeof oidcLoginStates.$inferSelect)['kind'];

/** Keeps a sign-in's secrets server-side; the returned key goes into the browser's cookie. */
export async function saveLoginState(
  ctx: ServiceContext,
  kind: LoginStateKind,
  provider: string,
  data: Record<string, unknown>,
): Promise<string> {
  const key = newToken();
  const now = ctx.clock.now();
  // Abandoned sign-ins are swept as new ones start; the index on expires_at keeps this cheap.
  await ctx.db.delete(oidcLoginStates).where(lt(oidcLoginStates.expiresAt, now));
  await ctx.db.insert(oidcLoginStates).values({
    keyHash: hashToken(key),
    kind,
    provider,
    data,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
  });
  return key;
}

/** What a sign-in kept: the provider it went to and the secrets it needs back. */
export interface LoginState {
  provider: string;
  data: unknown;
}

const stateColumns = { provider: oidcLoginStates.provider, data: oidcLoginStates.data };

/** A missing key, or one far longer than newToken makes, cannot be a sign-in of ours: not looked up. */
const couldBeOurs = (key: string | undefined): key is string => !!key && key.length <= 100;

const liveState = (ctx: ServiceContext, key: string, kind: LoginStateKind) =>
  and(
    eq(oidcLoginStates.keyHash, hashToken(key)),
    eq(oidcLoginStates.kind, kind),
    gt(oidcLoginStates.expiresAt, ctx.clock.now()),
  );

/** Reads and deletes in one statement: of two requests with the same key, only one gets the row. */
export async function takeLoginState(
  ctx: ServiceContext,
  key: string | undefined,
  kind: LoginStateKind,
): Promise<LoginState | undefined> {
  if (!couldBeOurs(key)) return undefined;
  const [row] = await ctx.db
    .delete(oidcLoginStates)
    .where(liveState(ctx, key, kind))
    .returning(stateColumns);
  return row;
}

/** Reads without using up: the "finish your account" form shows what the provider told us. */
export async function peekLoginState(
  ctx: ServiceContext,
  key: string | undefined,
  kind: LoginStateKind,
): Promise<LoginState | undefined> {
  if (!couldBeOurs(key)) return undefined;
  const [row] = await ctx.db
    .select(stateColumns)
    .from(oidcLoginStates)
    .where(liveState(ctx, key, kind))
    .limit(1);
  return row;
}
