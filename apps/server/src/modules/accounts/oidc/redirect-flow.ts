import { timingSafeEqual } from 'node:crypto';
import { externalSignInPaths, type PendingSignUp, type SignInFailureReason } from '@sciwise/contracts';
import type { completeSignUpRequestSchema } from '@sciwise/contracts/phone';
import { sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { z } from 'zod';
import type { RequestMeta, ServiceContext } from '../../../context.ts';
import { externalIdentities, users } from '../../../db/schema/index.ts';
import { conflict, AppError } from '../../../errors.ts';
import { findUserByEmail } from '../service.ts';
import { createSession, type SessionUser } from '../sessions.ts';
import { homePathOf } from '../dashboard-mode.ts';
import { identityOwner, linkIdentity, markIdentityUsed } from './identities.ts';
import { peekLoginState, saveLoginState, takeLoginState } from './login-states.ts';
import { orcidFromSubject } from './orcid.ts';
import type { IdentityProviderEntry, IdentityProviders } from './providers.ts';
import { profileFromClaims } from './profile-claims.ts';
import { sameSitePath } from './return-to.ts';

/** A sign-in that cannot go on; the browser is sent to the failure page with this reason. */
export class SignInFailure extends Error {
  constructor(readonly reason: SignInFailureReason) {
    super(reason);
    this.name = 'SignInFailure';
  }
}

const authorizationState = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  returnTo: z.string().nullable(),
  /** Set when a signed-in person links another provider from Settings. */
  linkUserId: z.string().nullable(),
});

const pendingState = z.object({
  issuer: z.string(),
  subject: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  returnTo: z.string().nullable(),
  /** The checked iD when the provider is an ORCID provider. */
  orcidId: z.string().nullable().default(null),
});

export const callbackUrl = (ctx: ServiceContext, provider: string) =>
  `${ctx.config.publicUrl}${externalSignInPaths.callback(provider)}`;

/** Builds the provider's authorization URL (code + PKCE S256 + state + nonce) and keeps the secrets here. */
export async function startSignIn(
  ctx: ServiceContext,
  providers: IdentityProviders,
  input: { provider: IdentityProviderEntry; returnTo: string | undefined; linkUserId?: string },
): Promise<{ url: string; key: string }> {
  const configuration = await providers.configuration(input.provider).catch((error: unknown) => {
    ctx.log.warn({ err: error, provider: input.provider.name }, 'OpenID discovery failed');
    throw new SignInFailure(isTimeout(error) ? 'timeout' : 'request_error');
  });
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(ctx, input.provider.name),
    scope: input.provider.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const key = await saveLoginState(ctx, 'authorization', input.provider.name, {
    state,
    nonce,
    codeVerifier,
    returnTo: sameSitePath(input.returnTo, ctx.config.publicUrl) ?? null,
    linkUserId: input.linkUserId ?? null,
  } satisfies z.infer<typeof authorizationState>);
  return { url: url.href, key };
}

export type CallbackOutcome =
  | { kind: 'signed_in'; user: SessionUser; token: string; expiresAt: Date; redirectTo: string }
  | { kind: 'linked'; redirectTo: string }
  | { kind: 'sign_up'; key: string };

/**
 * The provider sent the browser back. The state must match the one this browser's cookie points
 * at; openid-client then exchanges the code with the PKCE verifier and checks the ID token (RS256
 * signature by the issuer's keys, iss, aud, exp/iat/nbf with 60 s leeway, nonce).
 */
export async function finishSignIn(
  ctx: ServiceContext,
  providers: IdentityProviders,
  input: {
    provider: IdentityProviderEntry;
    key: string | undefined;
    query: Record<string, string | undefined>;
    signedInUserId: string | undefined;
    meta: RequestMeta;
  },
): Promise<CallbackOutcome> {
  const { provider } = input;
  const saved = await takeLoginState(ctx, input.key, 'authorization');
  if (!saved || saved.provider !== provider.name) throw new SignInFailure('missing_transaction');
  const stored = authorizationState.parse(saved.data);
  if (!sameSecret(input.query.state, stored.state)) throw new SignInFailure('state_mismatch');

  const configuration = await providers.configuration(provider).catch((error: unknown) => {
    ctx.log.warn({ err: error, provider: provider.name }, 'OpenID discovery failed');
    throw new SignInFailure(isTimeout(error) ? 'timeout' : 'request_error');
  });
  const currentUrl = new URL(callbackUrl(ctx, provider.name));
  for (const [name, value] of Object.entries(input.query)) {
    if (value !== undefined) currentUrl.searchParams.set(name, value);
  }
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: stored.codeVerifier,
      expectedState: stored.state,
      expectedNonce: stored.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SignInFailure(failureOf(ctx, provider, error));
  }
  const claims = tokens.claims();
  if (!claims) throw new SignInFailure('token_invalid');
  const issuer = claims.iss;
  const subject = claims.sub;
  // An ORCID provider's subject is the iD: a malformed one is neither linked nor signed in with.
  const orcidId = orcidFromSubject(provider, subject);
  if (orcidId === null) {
    ctx.log.info({ provider: provider.name }, 'ORCID provider sent a subject that is not a valid ORCID iD');
    throw new SignInFailure('orcid_invalid');
  }
  let profile = profileFromClaims(claims);
  if (!profile.email && configuration.serverMetadata().userinfo_endpoint) {
    const info = await client
      .fetchUserInfo(configuration, tokens.access_token, subject)
      .catch((error: unknown) => {
        throw new SignInFailure(failureOf(ctx, provider, error));
      });
    profile = profileFromClaims({ ...info, ...claims, ...pick(info) });
  }

  if (stored.linkUserId) {
    // Linking needs the account's own sign-in, still the same one that started the link.
    if (stored.linkUserId !== input.signedInUserId) throw new SignInFailure('state_mismatch');
    const result = await linkIdentity(ctx.db, {
      userId: stored.linkUserId,
      issuer,
      subject,
      email: profile.email,
      orcidId,
    });
    if (result === 'already_linked') throw new SignInFailure('already_linked');
    return { kind: 'linked', redirectTo: `/profile/settings?linked=${encodeURIComponent(provider.name)}` };
  }

  const owner = await identityOwner(ctx.db, issuer, subject);
  if (owner) {
    if (owner.user.deletedAt) throw new SignInFailure('account_closed');
    if (owner.user.suspendedAt) throw new SignInFailure('account_suspended');
    await markIdentityUsed(ctx, owner.identityId);
    const session = await createSession(ctx.db, {
      userId: owner.user.id,
      ttlMs: ctx.config.sessionTtlMs,
      userAgent: input.meta.userAgent,
      ipAddress: input.meta.ip,
    });
    return {
      kind: 'signed_in',
      user: owner.user,
      token: session.token,
      expiresAt: session.expiresAt,
      redirectTo: stored.returnTo ?? (await homePathOf(ctx.db, owner.user)),
    };
  }

  // A new identity. An account is made only for an e-mail the provider vouches for and nobody
  // here holds: an existing account is linked only by its owner, from Settings, never by e-mail.
  // ORCID names no e-mail at all: its iD is linked to an account from Settings.
  if (!profile.email || !profile.emailVerified)
    throw new SignInFailure(orcidId ? 'orcid_not_linked' : 'email_unverified');
  if (await findUserByEmail(ctx, profile.email)) throw new SignInFailure('email_in_use');
  const key = await saveLoginState(ctx, 'pending_sign_up', provider.name, {
    issuer,
    subject,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    returnTo: stored.returnTo,
    orcidId: orcidId ?? null,
  } satisfies z.infer<typeof pendingState>);
  return { kind: 'sign_up', key };
}

/** Userinfo fills in what the ID token left out; the ID token's own claims win. */
const pick = (info: Record<string, unknown>) => ({ email: info.email, email_verified: info.email_verified });

export async function pendingSignUp(
  ctx: ServiceContext,
  providers: IdentityProviders,
  key: string | undefined,
): Promise<PendingSignUp | undefined> {
  const saved = await peekLoginState(ctx, key, 'pending_sign_up');
  const provider = saved && providers.get(saved.provider);
  if (!saved || !provider) return undefined;
  const data = pendingState.parse(saved.data);
  return {
    provider: { name: provider.name, label: provider.label },
    email: data.email,
    firstName: data.firstName,
    lastName: data.lastName,
  };
}

/** The new person answered what the provider did not give: the account, its link and a session. */
export async function completeSignUp(
  ctx: ServiceContext,
  input: { key: string | undefined; body: z.output<typeof completeSignUpRequestSchema> },
  meta: RequestMeta,
): Promise<{ user: SessionUser; token: string; expiresAt: Date; redirectTo: string }> {
  const saved = await takeLoginState(ctx, input.key, 'pending_sign_up');
  if (!saved)
    throw new AppError(
      'unauthenticated',
      'This sign-up has expired. Please start again from the sign-in window.',
    );
  const data = pendingState.parse(saved.data);
  const user = await ctx.db.transaction(async (tx) => {
    if (await identityOwner(tx, data.issuer, data.subject))
      throw conflict('This identity is already linked to an account. Please sign in with it.');
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${data.email.toLowerCase()}`)
      .limit(1);
    if (holder) throw conflict('An account with this e-mail already exists. Log in with your password.');
    const [created] = await tx
      .insert(users)
      .values({
        email: data.email,
        firstName: input.body.firstName,
        lastName: input.body.lastName,
        phoneNumber: input.body.phoneNumber,
        heardFrom: input.body.heardFrom ?? null,
        newsletterOptIn: input.body.newsletterOptIn,
        emailVerifiedAt: ctx.clock.now(),
      })
      .returning();
    await tx.insert(externalIdentities).values({
      userId: created!.id,
      issuer: data.issuer,
      subject: data.subject,
      email: data.email,
      orcidId: data.orcidId,
      lastUsedAt: ctx.clock.now(),
    });
    return created!;
  });
  const session = await createSession(ctx.db, {
    userId: user.id,
    ttlMs: ctx.config.sessionTtlMs,
    userAgent: meta.userAgent,
    ipAddress: meta.ip,
  });
  return {
    user,
    token: session.token,
    expiresAt: session.expiresAt,
    redirectTo: data.returnTo ?? (await homePathOf(ctx.db, user)),
  };
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Maps what openid-client threw to the spec's codes; the detail goes to the log, never to the page. */
function failureOf(
  ctx: ServiceContext,
  provider: IdentityProviderEntry,
  error: unknown,
): SignInFailureReason {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  ctx.log.info({ provider: provider.name, name, code, reason: message }, 'external sign-in refused');
  if (error instanceof client.AuthorizationResponseError) {
    if (error.error === 'access_denied') return 'cancelled';
    if (error.error === 'login_required' || error.error === 'interaction_required') return 'login_required';
    if (error.error === 'mfa_required') return 'mfa_required';
    return 'request_error';
  }
  if (isTimeout(error)) return 'timeout';
  if (error instanceof client.ResponseBodyError || error instanceof TypeError) return 'request_error';
  return 'token_invalid';
}
