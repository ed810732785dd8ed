import { replaceUnsafeChars } from '@sciwise/contracts';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { RequestMeta, ServiceContext } from '../../context.ts';
import { externalIdentities, users } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, unauthenticated } from '../../errors.ts';
import { findUserByEmail } from './service.ts';
import type { IdentityProviders } from './oidc/providers.ts';
import { createSession, suspendedMessage, type SessionUser } from './sessions.ts';

// The spec's texts for a missing token and a failed verification.
export const NO_ACCESS_TOKEN = 'No access token received';
export const TOKEN_VERIFICATION_FAILED = 'Auth0 token verification failed';

const discoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});
// A provider's names follow our one text rule too: a NUL would fail the insert (a 500) and a bidi
// override would be stored; both become spaces.
const providerName = z.string().transform((value) => replaceUnsafeChars(value).trim());
const userInfoSchema = z.object({
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: providerName.optional(),
  family_name: providerName.optional(),
  name: providerName.optional(),
});

interface Provider {
  jwks: ReturnType<typeof createRemoteJWKSet>;
  userinfoEndpoint: string | undefined;
}

const providers = new Map<string, Promise<Provider>>();

/** Discovery is read once per issuer; jose caches and rotates the JWKS itself. */
function provider(issuer: string): Promise<Provider> {
  let pending = providers.get(issuer);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`OpenID discovery failed with ${response.status}`);
      const document = discoverySchema.parse(await response.json());
      return {
        jwks: createRemoteJWKSet(new URL(document.jwks_uri)),
        userinfoEndpoint: document.userinfo_endpoint,
      };
    })();
    pending.catch(() => providers.delete(issuer));
    providers.set(issuer, pending);
  }
  return pending;
}

/** Every (issuer, audience) an access token may come from: OIDC_ISSUER and each OIDC_PROVIDERS entry. */
function acceptedIssuers(ctx: ServiceContext, providers: IdentityProviders) {
  const list = providers.list().map(({ issuer, audience }) => ({ issuer, audience }));
  if (ctx.config.oidc) list.push(ctx.config.oidc);
  return list;
}

/** The token's own (not yet trusted) iss picks which configured provider must have signed it. */
function claimedIssuer(token: string): string | undefined {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss.replace(/\/$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a provider access token (signature by the issuer's JWKS, RS256, iss, aud, exp with
 * 60 s leeway) from any configured provider and signs in the account linked to (issuer, subject).
 * A new identity creates an account only when the provider vouches for the e-mail and no account
 * holds it: an existing account is never taken over by e-mail alone.
 */
export async function loginWithExternalToken(
  ctx: ServiceContext,
  providers: IdentityProviders,
  authorization: string | undefined,
  meta: RequestMeta,
): Promise<{ user: SessionUser; token: string; expiresAt: Date }> {
  const accepted = acceptedIssuers(ctx, providers);
  if (accepted.length === 0)
    throw new AppError('unavailable', 'Sign-in with an identity provider is not set up on this server.');
  const accessToken = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  if (!accessToken) throw unauthenticated(NO_ACCESS_TOKEN);
  const claimed = claimedIssuer(accessToken);
  const oidc = accepted.find((entry) => entry.issuer.replace(/\/$/, '') === claimed) ?? accepted[0]!;

  const { jwks, userinfoEndpoint } = await provider(oidc.issuer).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'OpenID discovery failed');
    throw new AppError('unavailable', 'The identity provider could not be reached. Please try again.');
  });
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(accessToken, jwks, {
      issuer: oidc.issuer,
      audience: oidc.audience,
      algorithms: ['RS256'],
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp'],
    }));
  } catch (error) {
    // Anyone can send a bad token: the reason is worth a line, a stack trace is not.
    const { code, message } = error as { code?: string; message?: string };
    ctx.log.info({ code, reason: message }, 'external token rejected');
    throw unauthenticated(TOKEN_VERIFICATION_FAILED);
  }
  const subject = claims.sub!;
  const user =
    (await linkedUser(ctx, oidc.issuer, subject)) ??
    (await createFromProvider(ctx, oidc.issuer, subject, accessToken, userinfoEndpoint));
  if (user.suspendedAt) throw forbidden(suspendedMessage(user.suspensionReason));
  const session = await createSession(ctx.db, {
    userId: user.id,
    ttlMs: ctx.config.sessionTtlMs,
    userAgent: meta.userAgent,
    ipAddress: meta.ip,
  });
  return { user, token: session.token, expiresAt: session.expiresAt };
}

async function linkedUser(
  ctx: ServiceContext,
  issuer: string,
  subject: string,
): Promise<SessionUser | undefined> {
  const [row] = await ctx.db
    .select({ user: users, identityId: externalIdentities.id })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)))
    .limit(1);
  if (row?.user.deletedAt) throw unauthenticated('This account has been deleted.');
  if (row)
    await ctx.db
      .update(externalIdentities)
      .set({ lastUsedAt: ctx.clock.now() })
      .where(eq(externalIdentities.id, row.identityId));
  return row?.user;
}

async function createFromProvider(
  ctx: ServiceContext,
  issuer: string,
  subject: string,
  accessToken: string,
  userinfoEndpoint: string | undefined,
): Promise<SessionUser> {
  if (!userinfoEndpoint)
    throw new AppError('unavailable', 'The identity provider does not share profile details.');
  const response = await fetch(userinfoEndpoint, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw unauthenticated(TOKEN_VERIFICATION_FAILED);
  const info = userInfoSchema.parse(await response.json());
  const email = info.email?.trim().toLowerCase();
  if (!email || info.email_verified !== true) {
    throw unauthenticated(
      'Your identity provider did not confirm your e-mail address, so we cannot create an account.',
    );
  }
  if (await findUserByEmail(ctx, email)) {
    throw conflict(
      'An account with this e-mail already exists. Log in with your password; you can link the provider from Account Settings.',
    );
  }
  const [first, ...rest] = (info.name ?? '').split(' ');
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        firstName: (info.given_name ?? first ?? '').slice(0, 100) || 'Sciwise',
        lastName: (info.family_name ?? rest.join(' ')).slice(0, 100) || 'member',
        emailVerifiedAt: new Date(),
      })
      .returning();
    await tx
      .insert(externalIdentities)
      .values({ userId: user!.id, issuer, subject, email, lastUsedAt: ctx.clock.now() });
    return user!;
  });
}
