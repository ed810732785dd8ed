import {
  errorResponseSchema,
  externalLoginResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@sciwise/contracts';
import { signUpRequestSchema } from '@sciwise/contracts/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authLimits, limitPerIp, type LimitRule } from '../../lib/rate-limit.ts';
import {
  clearSessionCookie,
  requestDeviceToken,
  setDeviceCookie,
  setSessionCookie,
} from '../../plugins/auth.ts';
import { EMAIL_VERIFIED, verifyEmail } from './email-verification.ts';
import { loginWithExternalToken } from './external-login.ts';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from './password-reset.ts';
import { presentLoginUser } from './presenter.ts';
import { login } from './service.ts';
import { SIGN_UP_ANSWER, signUp } from './sign-up.ts';
import { revokeSession } from './sessions.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** The spec's account calls (section 7), kept at their original paths and shapes. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, rateLimits, config } = app;
  const perIp = (rule: LimitRule) => limitPerIp(rateLimits, rule);

  app.post(
    '/api/User/AddNewUser',
    {
      onRequest: perIp(authLimits.signUpPerIp),
      schema: {
        tags: ['accounts'],
        summary: 'Create an account',
        description:
          'Answers 201 alike whether or not the e-mail already has an account, so it tells nobody who has one; the owner of an existing account is told by e-mail instead.',
        body: signUpRequestSchema,
        response: { 201: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await signUp(ctx, rateLimits, request.body);
      return reply.status(201).send({ message: SIGN_UP_ANSWER });
    },
  );

  app.post(
    '/api/Account/Login',
    {
      onRequest: perIp(authLimits.loginPerIp),
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password',
        description:
          'Returns a bearer token for API clients and sets an HttpOnly session cookie for the browser, plus a ' +
          'long-lived device cookie. Failed passwords are refused (429) per account and address, and slow ' +
          'further attempts at the account down (up to 10 s); a device that signed in before is exempt.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, token, expiresAt, deviceToken } = await login(ctx, request.body, request.meta(), {
        rateLimits,
        deviceToken: requestDeviceToken(request, config),
      });
      setSessionCookie(reply, config, token, expiresAt);
      setDeviceCookie(reply, config, deviceToken);
      return { token, user: presentLoginUser(user), message: 'Signed in.' };
    },
  );

  app.post(
    '/api/Account/LoginWithAuth0',
    {
      onRequest: perIp(authLimits.loginPerIp),
      schema: {
        tags: ['accounts'],
        summary: "Sign in with an identity provider's access token (Authorization: Bearer)",
        response: { 200: externalLoginResponseSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await loginWithExternalToken(
        ctx,
        app.identityProviders,
        request.headers.authorization,
        request.meta(),
      );
      setSessionCookie(reply, config, token, expiresAt);
      return { accessToken: token, user: presentLoginUser(user), message: 'Signed in.' };
    },
  );

  app.post(
    '/api/Account/Logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: ends this session',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = await request.auth();
      if (auth) await revokeSession(app.db, { userId: auth.user.id, sessionId: auth.sessionId });
      clearSessionCookie(reply, config);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/api/Account/ForgotPassword',
    {
      onRequest: perIp(authLimits.resetPerIp),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a single-use password reset link',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await rateLimits.consume([authLimits.resetPerEmail, request.body.email]);
      // Not awaited: answering before the e-mail goes out keeps known and unknown addresses alike.
      requestPasswordReset(ctx, request.body.email).catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset e-mail failed'),
      );
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/Account/VerifyEmail',
    {
      onRequest: perIp(authLimits.verifyEmailPerIp),
      schema: {
        tags: ['accounts'],
        summary: "Confirm an account's e-mail address with the link e-mailed to it (single-use, 48 hours)",
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await verifyEmail(ctx, request.body.token);
      return { message: EMAIL_VERIFIED };
    },
  );

  app.post(
    '/api/Account/ResetPassword',
    {
      onRequest: perIp(authLimits.resetPerIp),
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset link; ends every session',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return { message: 'Your password has been changed. You can now log in with it.' };
    },
  );
};
