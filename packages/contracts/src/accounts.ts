import { z } from 'zod';
import { emailSchema, heardFromSchema, newPasswordSchema, passwordInputSchema } from './fields.ts';
import { dashboardModes, userRoles } from './constants.ts';
import { singleLineText } from './text.ts';

/** POST /api/Account/Login */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The spec's stored user: id, email, first and last name. */
export const loginUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const loginResponseSchema = z.object({
  token: z.string(),
  user: loginUserSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/Account/LoginWithAuth0: the spec answers with our own session token as accessToken. */
export const externalLoginResponseSchema = z.object({
  accessToken: z.string(),
  user: loginUserSchema,
  message: z.string(),
});
export type ExternalLoginResponse = z.infer<typeof externalLoginResponseSchema>;

/** The signed-in user as the app shows them (GET /api/me). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(userRoles),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  heardFrom: heardFromSchema.nullable(),
  newsletterOptIn: z.boolean(),
  hasPassword: z.boolean(),
  /**
   * The mode this person last chose; until they choose, Freelancer for someone with an expert
   * profile and Project Owner for everyone else.
   */
  dashboardMode: z.enum(dashboardModes),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/me/password */
export const changePasswordRequestSchema = z.object({
  currentPassword: passwordInputSchema,
  newPassword: newPasswordSchema,
  signOutOtherSessions: z.boolean().default(true),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** DELETE /api/me: the password confirms it (SSO-only accounts confirm by typing their e-mail). */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(1024).optional(),
  confirmEmail: singleLineText('confirmEmail', 254).optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** POST /api/Account/ForgotPassword */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/Account/ResetPassword */
export const resetPasswordRequestSchema = z.object({
  token: singleLineText('The reset link', 200, {
    type: 'This reset link is incomplete.',
    tooLong: 'This reset link is not valid.',
    unsafe: 'This reset link is not valid.',
  }).min(1, 'This reset link is incomplete.'),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /api/Account/VerifyEmail: the token of the link e-mailed to a new account. */
export const verifyEmailRequestSchema = z.object({
  token: singleLineText('The verification link', 200, {
    type: 'This verification link is incomplete.',
    tooLong: 'This verification link is not valid.',
    unsafe: 'This verification link is not valid.',
  }).min(1, 'This verification link is incomplete.'),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/** How long a verification link works. */
export const EMAIL_VERIFICATION_LINK_HOURS = 48;

/**
 * What an account whose e-mail address is not yet confirmed may not do, and the answer it gets
 * (403): it can browse, and write to Sciwise Concierge, but not post, quote or message anyone else.
 */
export const unverifiedRefusals = {
  post: 'Please confirm your e-mail address before you post a project. Open the link we e-mailed you, or ask for a new one from the banner at the top of the page.',
  quote:
    'Please confirm your e-mail address before you send a quote. Open the link we e-mailed you, or ask for a new one from the banner at the top of the page.',
  message:
    'Please confirm your e-mail address before you message anyone other than Sciwise Concierge. Open the link we e-mailed you, or ask for a new one from the banner at the top of the page.',
  call: 'Please confirm your e-mail address before you arrange a call. Open the link we e-mailed you, or ask for a new one from the banner at the top of the page.',
} as const;

export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListResponseSchema = z.object({ sessions: z.array(sessionSchema) });

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const avatarMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
