import { z } from 'zod';
import { dashboardModes } from './constants.ts';
import { emailSchema, heardFromSchema, newPasswordSchema, personNameSchema } from './fields.ts';
import { phoneNumberSchema } from './phone.ts';

/*
 * The requests that carry a phone number, apart from index.ts (import them from
 * "@sciwise/contracts/phone"): the phone rule brings libphonenumber-js and its metadata, which
 * only the pages where someone types a phone should download, not every page using the contracts.
 */

export * from './phone.ts';

/** POST /api/User/AddNewUser: the spec's payload, plus how-you-heard and the newsletter opt-in. */
export const signUpRequestSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema('first name'),
  lastName: personNameSchema('last name'),
  phoneNumber: phoneNumberSchema,
  password: newPasswordSchema,
  heardFrom: heardFromSchema.optional(),
  newsletterOptIn: z.boolean({ error: 'newsletterOptIn must be true or false.' }).default(false),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** PATCH /api/me: each field optional, at least one. */
export const updateProfileRequestSchema = z
  .object({
    firstName: personNameSchema('first name'),
    lastName: personNameSchema('last name'),
    phoneNumber: phoneNumberSchema,
    newsletterOptIn: z.boolean(),
    /** The Freelancer / Project Owner toggle: remembered per account, so every device lands there. */
    dashboardMode: z.enum(dashboardModes, { error: 'dashboardMode must be freelancer or owner.' }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** POST /api/auth/sign-up: what the provider did not give, asked once. */
export const completeSignUpRequestSchema = z.object({
  firstName: personNameSchema('first name'),
  lastName: personNameSchema('last name'),
  phoneNumber: phoneNumberSchema,
  acceptTerms: z.literal(true, { error: 'Please agree to the Privacy Policy to create your account.' }),
  heardFrom: heardFromSchema.optional(),
  newsletterOptIn: z.boolean({ error: 'newsletterOptIn must be true or false.' }).default(false),
});
export type CompleteSignUpRequest = z.input<typeof completeSignUpRequestSchema>;
