import { z } from 'zod';
import { singleLineText } from './text.ts';

export const emailSchema = singleLineText('Your e-mail address', 254, {
  type: 'Enter your e-mail address.',
  tooLong: 'An e-mail address has at most 254 characters.',
})
  .min(1, 'Enter your e-mail address.')
  .pipe(z.email('Enter a valid e-mail address.'))
  .transform((email) => email.toLowerCase());

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Length only: the common-password check needs a dictionary and lives on the server. Passwords
 * are the one text that skips the rule of text.ts: they are hashed, never stored or shown, and a
 * character refused at sign-in could lock out someone who chose it.
 */
export const newPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`)
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`);

/** What a person types to sign in: never tell them the rule, just check it. */
export const passwordInputSchema = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(1024, 'That password is too long.');

export const personNameSchema = (label: string) =>
  singleLineText(`Your ${label}`, 100, { type: `Enter your ${label}.` }).min(1, `Enter your ${label}.`);

export const heardFromOptions = ['google', 'linkedin', 'friend', 'conference', 'article', 'other'] as const;
export const heardFromSchema = z.enum(heardFromOptions, { error: 'Choose how you heard about us.' });
export type HeardFrom = z.infer<typeof heardFromSchema>;

export const uuidSchema = z.uuid('That id is not valid.');

/** A whole number in a query string (`?limit=20`), between min and max, named in every message. */
export const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .min(min, `${name} must be at least ${min}.`)
    .max(max, `${name} must be at most ${max}.`);
