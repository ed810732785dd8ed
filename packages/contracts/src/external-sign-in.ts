import { z } from 'zod';
import { loginUserSchema } from './accounts.ts';
import { verifiedOrcidSchema } from './experts.ts';
import { replaceUnsafeChars } from './text.ts';

/** The spec's texts (section 8) for a failed redirect sign-in. */
export const EXTERNAL_LOGIN_FAILED = 'Login failed. Please try again.';
export const LINKEDIN_LOGIN_FAILED = 'LinkedIn login failed';

/**
 * Why a redirect sign-in ended without a session. The first eight are the identity library codes
 * the spec lists; the rest are our own account rules. The server puts one in the failure page's
 * address, the web shows its text.
 */
export const signInFailureReasons = [
  'cancelled',
  'state_mismatch',
  'missing_transaction',
  'login_required',
  'mfa_required',
  'timeout',
  'request_error',
  'token_invalid',
  'email_unverified',
  'email_in_use',
  'already_linked',
  'account_closed',
  'account_suspended',
  'unknown_provider',
  'orcid_invalid',
  'orcid_not_linked',
] as const;
export type SignInFailureReason = (typeof signInFailureReasons)[number];
export const signInFailureReasonSchema = z.enum(signInFailureReasons);

const failureDetails: Record<SignInFailureReason, string> = {
  cancelled: 'The sign-in was cancelled before it finished.',
  state_mismatch: 'This sign-in did not start in this browser, so we stopped it.',
  missing_transaction:
    'This sign-in link has expired or was already used. Start again from the sign-in window.',
  login_required: 'The identity provider asked you to sign in again.',
  mfa_required: 'The identity provider needs a second step we could not complete.',
  timeout: 'The identity provider took too long to answer.',
  // The spec's fallback text for a token request that failed (section 8), then what it means here.
  request_error: 'Get access token failed. We could not complete the sign-in with the identity provider.',
  token_invalid: 'The identity provider’s answer could not be verified, so we did not trust it.',
  email_unverified:
    'Your identity provider has not confirmed your e-mail address. Confirm it there, or log in with your password.',
  email_in_use:
    'An account with this e-mail already exists. Log in with your password; you can then link this provider in Account Settings.',
  already_linked: 'That identity is already linked to another Sciwise account.',
  account_closed: 'This account has been deleted.',
  account_suspended:
    'This account is suspended, so it cannot sign in. The e-mail we sent when it was suspended gives the reason.',
  unknown_provider: 'That sign-in option is not available.',
  orcid_invalid:
    'The ORCID provider did not send a valid ORCID iD (0000-0000-0000-000X with its check digit), so nothing was linked.',
  orcid_not_linked:
    'This ORCID iD is not linked to a Sciwise account. Log in with your e-mail and password, then link ORCID in Account Settings.',
};

/** The heading the failure page shows: the spec's LinkedIn text for LinkedIn, its general one otherwise. */
export function signInFailureTitle(provider: string | undefined): string {
  return provider === 'linkedin' ? LINKEDIN_LOGIN_FAILED : EXTERNAL_LOGIN_FAILED;
}

export function signInFailureDetail(reason: SignInFailureReason): string {
  return failureDetails[reason];
}

/** GET /api/auth/providers: what the sign-in window offers. */
export const identityProviderSchema = z.object({
  name: z.string(),
  label: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;
export const identityProvidersResponseSchema = z.object({ providers: z.array(identityProviderSchema) });
export type IdentityProvidersResponse = z.infer<typeof identityProvidersResponseSchema>;

/** Where the redirect sign-in starts: a same-site path to come back to. */
/**
 * A query value from a redirect: control and bidi characters become spaces rather than a 400, so
 * a strange answer from a provider still ends on the failure page with the spec's text (a space
 * makes a returnTo path, a code or a state simply not match).
 */
const redirectValue = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => replaceUnsafeChars(value));

export const signInStartQuerySchema = z.object({
  returnTo: redirectValue(500).optional(),
});

export const signInCallbackQuerySchema = z.object({
  code: redirectValue(2000).optional(),
  state: redirectValue(500).optional(),
  error: redirectValue(200).optional(),
  error_description: redirectValue(2000).optional(),
  iss: redirectValue(500).optional(),
});

/** GET /api/auth/sign-up: what the provider told us about a person who has no account yet. */
export const pendingSignUpSchema = z.object({
  provider: identityProviderSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type PendingSignUp = z.infer<typeof pendingSignUpSchema>;

export const completeSignUpResponseSchema = z.object({
  user: loginUserSchema,
  redirectTo: z.string(),
  message: z.string(),
});
export type CompleteSignUpResponse = z.infer<typeof completeSignUpResponseSchema>;

/** GET /api/me/identities: the providers an account signs in with. */
export const linkedIdentitySchema = z.object({
  id: z.string(),
  /** The configured provider's name, or null when its issuer is no longer configured. */
  provider: z.string().nullable(),
  label: z.string(),
  email: z.string().nullable(),
  linkedAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Decided by the server: false when this is the account's last way in. */
  canUnlink: z.boolean(),
  /** The verified ORCID iD when this identity came from an ORCID provider. */
  orcid: z.nullable(verifiedOrcidSchema),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentitiesResponseSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  hasPassword: z.boolean(),
  /** Configured providers this account could link next. */
  linkable: z.array(identityProviderSchema),
});
export type LinkedIdentitiesResponse = z.infer<typeof linkedIdentitiesResponseSchema>;
export const identityIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown sign-in method.' }) });

/** The paths the browser is sent to; the web app owns the pages. */
export const externalSignInPaths = {
  start: (provider: string) => `/api/auth/oidc/${encodeURIComponent(provider)}/start`,
  link: (provider: string) => `/api/auth/oidc/${encodeURIComponent(provider)}/link`,
  callback: (provider: string) => `/api/auth/oidc/${encodeURIComponent(provider)}/callback`,
  failed: '/sign-in/failed',
  completeSignUp: '/sign-in/complete',
} as const;
