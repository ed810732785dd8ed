import { z } from 'zod';
import { pageCursorSchema } from './text.ts';
import {
  availabilitySchema,
  BIO_MIN,
  educationSchema,
  expertApplicationDraftSchema,
  expertCategorySchema,
  HEADLINE_MIN,
  publicationSchema,
  rateCurrencies,
  rejectApplicationRequestSchema,
} from './experts.ts';

/*
 * An approved expert editing their public profile. Two kinds of field:
 *
 * - vetted: what the vetting team judged when it approved the application: the expertise the
 *   expert claims (category, subject areas) and the credentials behind it (education,
 *   publications, ORCID iD). A change to these is a "profile change" that an admin reviews
 *   lightly; the public profile keeps the approved values until then.
 * - immediate: everything else the expert says about their offer (headline, bio, rate,
 *   currency, country, languages, availability). It applies at once. The photo is the account's
 *   avatar (POST /api/me/avatar) and applies at once too.
 *
 * This file is the one list of which is which; both the server and the edit page read it.
 */
export const vettedProfileFields = ['category', 'subjects', 'education', 'publications', 'orcid'] as const;
export type VettedProfileField = (typeof vettedProfileFields)[number];

export const immediateProfileFields = [
  'headline',
  'bio',
  'hourlyRateMinor',
  'currency',
  'country',
  'languages',
  'availability',
] as const;
export type ImmediateProfileField = (typeof immediateProfileFields)[number];

const draft = expertApplicationDraftSchema.shape;

/**
 * PATCH /api/expert-profile: the immediate fields, each optional. The application's own field
 * rules apply, plus what a complete (approved) profile needs: an approved profile may never
 * fall back to an empty headline, a short bio or no language.
 */
export const expertProfileEditSchema = z.strictObject({
  headline: draft.headline
    .unwrap()
    .pipe(z.string().min(HEADLINE_MIN, `Write a headline of at least ${HEADLINE_MIN} characters.`))
    .optional(),
  bio: draft.bio
    .unwrap()
    .pipe(z.string().min(BIO_MIN, `Write a bio of at least ${BIO_MIN} characters.`))
    .optional(),
  hourlyRateMinor: draft.hourlyRateMinor,
  currency: draft.currency,
  country: draft.country,
  languages: draft.languages.unwrap().min(1, 'Add at least one language you work in.').optional(),
  availability: draft.availability,
}) satisfies z.ZodType<Partial<Record<ImmediateProfileField, unknown>>>;
export type ExpertProfileEdit = z.input<typeof expertProfileEditSchema>;

/**
 * POST /api/expert-profile/changes: new values for some or all vetted fields; a field left out
 * keeps its approved value. Same rules as the application, and a profile keeps a subject.
 */
export const profileChangeRequestSchema = z.strictObject({
  category: expertCategorySchema.optional(),
  subjects: draft.subjects.unwrap().min(1, 'Add at least one subject area.').optional(),
  education: draft.education,
  publications: draft.publications,
  orcid: draft.orcid,
}) satisfies z.ZodType<Partial<Record<VettedProfileField, unknown>>>;
export type ProfileChangeRequest = z.input<typeof profileChangeRequestSchema>;

/** The vetted fields of a profile, all of them: the "before" and "after" of a change. */
export const vettedProfileValuesSchema = z.object({
  category: expertCategorySchema,
  subjects: z.array(z.string()),
  education: z.array(educationSchema),
  publications: z.array(publicationSchema),
  orcid: z.string().nullable(),
});
export type VettedProfileValues = z.infer<typeof vettedProfileValuesSchema>;

/**
 *   pending --approve--> approved   (admin: the "after" values go public)
 *           --decline--> declined   (admin, with a reason the expert sees)
 *           --withdraw-> withdrawn  (the expert)
 */
export const profileChangeStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ProfileChangeStatus = (typeof profileChangeStatuses)[number];

export const profileChangeSchema = z.object({
  id: z.string(),
  status: z.enum(profileChangeStatuses),
  before: vettedProfileValuesSchema,
  after: vettedProfileValuesSchema,
  /** The vetted fields whose value differs between before and after, in vettedProfileFields order. */
  changedFields: z.array(z.enum(vettedProfileFields)),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type ProfileChange = z.infer<typeof profileChangeSchema>;

/** GET /api/expert-profile: the approved expert's own profile as it is public now, for editing. */
export const myExpertProfileSchema = vettedProfileValuesSchema.extend({
  slug: z.string(),
  headline: z.string(),
  bio: z.string(),
  hourlyRateMinor: z.number().int(),
  currency: z.enum(rateCurrencies),
  country: z.string(),
  languages: z.array(z.string()),
  availability: availabilitySchema,
  /** Vetted changes waiting for review (at most one at a time). */
  pendingChange: profileChangeSchema.nullable(),
  /** The latest change when it was declined (and nothing was sent since): the reason stays visible. */
  lastDeclined: profileChangeSchema.nullable(),
});
export type MyExpertProfile = z.infer<typeof myExpertProfileSchema>;

/** A profile change as the vetting team reviews it. */
export const adminProfileChangeSchema = profileChangeSchema.extend({
  expert: z.object({ name: z.string(), email: z.string(), slug: z.string() }),
});
export type AdminProfileChange = z.infer<typeof adminProfileChangeSchema>;

export const profileChangeQueueQuerySchema = z.strictObject({
  cursor: pageCursorSchema(200, 'That page link is not valid.').optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(50).default(20),
});
export const profileChangeQueueResponseSchema = z.object({
  changes: z.array(adminProfileChangeSchema),
  nextCursor: z.string().nullable(),
});
export type ProfileChangeQueueResponse = z.infer<typeof profileChangeQueueResponseSchema>;

/** Declining a change needs a reason for the expert, as rejecting an application does. */
export const declineProfileChangeRequestSchema = rejectApplicationRequestSchema;
