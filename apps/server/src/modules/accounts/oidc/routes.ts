import {
  completeSignUpResponseSchema,
  errorResponseSchema,
  externalSignInPaths,
  identityIdParamsSchema,
  identityProvidersResponseSchema,
  linkedIdentitiesResponseSchema,
  messageResponseSchema,
  pendingSignUpSchema,
  signInCallbackQuerySchema,
  signInStartQuerySchema,
  type SignInFailureReason,
} from '@sciwise/contracts';
import { completeSignUpRequestSchema } from '@sciwise/contracts/phone';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { notFound } from '../../../errors.ts';
import { authLimits, limitPerIp } from '../../../lib/rate-limit.ts';
import { requireUser, setSessionCookie } from '../../../plugins/auth.ts';
import { presentLoginUser } from '../presenter.ts';
import { listIdentities, unlinkIdentity } from './identities.ts';
import { LOGIN_STATE_TTL_MS } from './login-states.ts';
import { completeSignUp, finishSignIn, pendingSignUp, SignInFailure, startSignIn } from './redirect-flow.ts';

const providerParams = z.object({ provider: z.string().max(40) });
const redirectNote =
  'A browser navigation: answers 303 to the provider or back into the app; failures go to /sign-in/failed?reason=..., never a JSON error.';

/** Cookie names: __Host- binds them to this exact origin where cookies are Secure. */
const cookieName = (config: Config, base: string) => (config.cookieSecure ? `__Host-${base}` : base);
const TRANSACTION_COOKIE = 'oidc_txn';
const SIGN_UP_COOKIE = 'oidc_signup';

function setFlowCookie(reply: FastifyReply, config: Config, base: string, value: string): void {
  reply.setCookie(cookieName(config, base), value, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    // Lax: the provider's redirect back is a top-level GET from another site, which must carry it.
    sameSite: 'lax',
    maxAge: LOGIN_STATE_TTL_MS / 1000,
  });
}

function clearFlowCookie(reply: FastifyReply, config: Config, base: string): void {
  reply.clearCookie(cookieName(config, base), {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
  });
}

function failurePath(provider: string, reason: SignInFailureReason): string {
  const query = new URLSearchParams({ provider, reason });
  return `${externalSignInPaths.failed}?${query}`;
}

/** The redirect sign-in with any configured OpenID provider (backend for front end), and linking. */
export const externalSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, config, rateLimits, identityProviders: providers } = app;
  const perIp = limitPerIp(rateLimits, authLimits.loginPerIp);
  const tags = ['accounts'];

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        summary: 'Identity providers the sign-in window offers ("Continue with ...")',
        response: { 200: identityProvidersResponseSchema },
      },
    },
    async () => ({ providers: providers.list().map(({ name, label }) => ({ name, label })) }),
  );

  const begin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    returnTo: string | undefined,
    linkUserId: string | undefined,
  ) => {
    const provider = providers.get(name);
    if (!provider) return reply.redirect(failurePath(name, 'unknown_provider'), 303);
    try {
      const { url, key } = await startSignIn(ctx, providers, { provider, returnTo, linkUserId });
      setFlowCookie(reply, config, TRANSACTION_COOKIE, key);
      return reply.redirect(url, 303);
    } catch (error) {
      if (error instanceof SignInFailure) return reply.redirect(failurePath(name, error.reason), 303);
      throw error;
    }
  };

  app.get(
    '/api/auth/oidc/:provider/start',
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: 'Start signing in with a provider (authorization code + PKCE S256, state, nonce)',
        description: `${redirectNote} returnTo must be a path of this site; anything else is ignored.`,
        params: providerParams,
        querystring: signInStartQuerySchema,
      },
    },
    async (request, reply) =>
      begin(request, reply, request.params.provider, request.query.returnTo, undefined),
  );

  app.get(
    '/api/auth/oidc/:provider/link',
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: 'Link another provider to the signed-in account (from Account Settings)',
        description: redirectNote,
        params: providerParams,
      },
    },
    async (request, reply) => {
      const auth = await request.auth();
      if (!auth) return reply.redirect(failurePath(request.params.provider, 'login_required'), 303);
      return begin(request, reply, request.params.provider, undefined, auth.user.id);
    },
  );

  app.get(
    '/api/auth/oidc/:provider/callback',
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "The provider's redirect back: checks state, exchanges the code, verifies the ID token",
        description: `${redirectNote} The address it leaves for carries no code or state.`,
        params: providerParams,
        querystring: signInCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const name = request.params.provider;
      const provider = providers.get(name);
      clearFlowCookie(reply, config, TRANSACTION_COOKIE);
      if (!provider) return reply.redirect(failurePath(name, 'unknown_provider'), 303);
      try {
        const auth = await request.auth();
        const outcome = await finishSignIn(ctx, providers, {
          provider,
          key: request.cookies[cookieName(config, TRANSACTION_COOKIE)],
          query: request.query,
          signedInUserId: auth?.user.id,
          meta: request.meta(),
        });
        if (outcome.kind === 'signed_in') {
          setSessionCookie(reply, config, outcome.token, outcome.expiresAt);
          return reply.redirect(outcome.redirectTo, 303);
        }
        if (outcome.kind === 'linked') return reply.redirect(outcome.redirectTo, 303);
        setFlowCookie(reply, config, SIGN_UP_COOKIE, outcome.key);
        return reply.redirect(externalSignInPaths.completeSignUp, 303);
      } catch (error) {
        if (error instanceof SignInFailure) return reply.redirect(failurePath(name, error.reason), 303);
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/sign-up',
    {
      schema: {
        tags,
        summary: 'What the provider told us about a new person finishing their account',
        response: { 200: pendingSignUpSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const pending = await pendingSignUp(
        ctx,
        providers,
        request.cookies[cookieName(config, SIGN_UP_COOKIE)],
      );
      if (!pending) throw notFound('This sign-up has expired. Please start again from the sign-in window.');
      return pending;
    },
  );

  app.post(
    '/api/auth/sign-up',
    {
      onRequest: limitPerIp(rateLimits, authLimits.signUpPerIp),
      schema: {
        tags,
        summary: 'Finish the account of a person new to Sciwise who signed in with a provider',
        body: completeSignUpRequestSchema,
        response: {
          201: completeSignUpResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await completeSignUp(
        ctx,
        { key: request.cookies[cookieName(config, SIGN_UP_COOKIE)], body: request.body },
        request.meta(),
      );
      clearFlowCookie(reply, config, SIGN_UP_COOKIE);
      setSessionCookie(reply, config, result.token, result.expiresAt);
      return reply.status(201).send({
        user: presentLoginUser(result.user),
        redirectTo: result.redirectTo,
        message: 'Account created successfully!',
      });
    },
  );

  app.get(
    '/api/me/identities',
    {
      schema: {
        tags,
        summary: 'Identity providers linked to this account',
        response: { 200: linkedIdentitiesResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = await requireUser(request);
      return listIdentities(ctx, providers, auth.user);
    },
  );

  app.delete(
    '/api/me/identities/:id',
    {
      schema: {
        tags,
        summary: 'Unlink a provider; refused (409) when it is the last way to sign in',
        params: identityIdParamsSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const auth = await requireUser(request);
      await unlinkIdentity(ctx, auth.user, request.params.id);
      return { message: 'That provider is no longer linked to your account.' };
    },
  );
};
