import { z } from 'zod';
import {
  availabilities,
  countryCodes,
  expertCategories,
  expertSorts,
  rateCurrencies,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_RATE_MAX,
  SUBJECT_LIST_MAX,
  SUBJECT_NAME_MAX,
} from './constants.ts';
import { wholeNumber } from './fields.ts';
import { multiLineText, pageCursorSchema, searchText, singleLineText as line } from './text.ts';

export * from './constants.ts';
// The shapes the public pages read are written with zod/mini, once, in public.ts.
export {
  expertCardSchema,
  expertSearchResponseSchema,
  expertStatsResponseSchema,
  featuredExpertsResponseSchema,
  isValidOrcid,
  moneySchema,
  searchTotalSchema,
  subjectListResponseSchema,
  subjectSchema,
  verifiedOrcidSchema,
  type ExpertCard,
  type ExpertSearchResponse,
  type ExpertStatsResponse,
  type FeaturedExpertsResponse,
  type Money,
  type SearchTotal,
  type Subject,
  type SubjectListResponse,
  type VerifiedOrcid,
} from './public.ts';
import { expertCardSchema, isValidOrcid } from './public.ts';

export const expertCategorySchema = z.enum(expertCategories, {
  error: `category must be one of: ${expertCategories.join(', ')}.`,
});

export const availabilitySchema = z.enum(availabilities, {
  error: `availability must be one of: ${availabilities.join(', ')}.`,
});

export const vettingStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type VettingStatus = (typeof vettingStatuses)[number];

const countrySet = new Set(countryCodes);
export const countrySchema = z
  .string({ error: 'country must be a two-letter country code such as GB.' })
  .trim()
  .toUpperCase()
  .refine((code) => countrySet.has(code), 'country must be a two-letter ISO country code such as GB.');

export const subjectNameSchema = line('A subject', SUBJECT_NAME_MAX).pipe(
  z.string().min(2, 'A subject needs at least 2 characters.'),
);

export const educationSchema = z.strictObject({
  degree: line('degree', 120).pipe(z.string().min(1, 'Enter the degree.')),
  institution: line('institution', 160).pipe(z.string().min(1, 'Enter the institution.')),
  field: line('field', 120).optional(),
  year: z.number().int().min(1940).max(2100).optional(),
});
export type Education = z.infer<typeof educationSchema>;

export const publicationSchema = z.strictObject({
  title: line('title', 300).pipe(z.string().min(1, 'Enter the title.')),
  // The URL parser silently drops tabs and line breaks and keeps other controls: refuse them first.
  url: line('A publication link', 500)
    .pipe(z.url({ protocol: /^https?$/, error: 'A publication link must be an http(s) URL.' }))
    .optional(),
  year: z.number().int().min(1900).max(2100).optional(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const HEADLINE_MIN = 10;
export const HEADLINE_MAX = 120;
export const BIO_MIN = 80;
export const BIO_MAX = 5000;
export const RATE_MIN_MINOR = 1_000;
export const RATE_MAX_MINOR = 1_000_000;

/**
 * PATCH /api/expert-application: every field optional, so the form saves progress as the
 * person goes. The rules for a complete application are checked on submit (server side).
 */
export const expertApplicationDraftSchema = z.strictObject({
  headline: line('headline', HEADLINE_MAX).optional(),
  bio: multiLineText('bio', BIO_MAX).optional(),
  category: expertCategorySchema.optional(),
  subjects: z.array(subjectNameSchema).max(10, 'Choose at most 10 subjects.').optional(),
  skills: z
    .array(line('A skill', 40).pipe(z.string().min(1)))
    .max(20, 'List at most 20 skills.')
    .optional(),
  hourlyRateMinor: z
    .number({ error: 'hourlyRateMinor must be a whole number of cents.' })
    .int('hourlyRateMinor must be a whole number of cents.')
    .min(RATE_MIN_MINOR, `The hourly rate must be at least ${RATE_MIN_MINOR / 100}.`)
    .max(RATE_MAX_MINOR, `The hourly rate can be at most ${RATE_MAX_MINOR / 100}.`)
    .optional(),
  currency: z
    .enum(rateCurrencies, { error: `currency must be one of: ${rateCurrencies.join(', ')}.` })
    .optional(),
  country: countrySchema.optional(),
  languages: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2}$/, 'Languages are two-letter codes such as en or de.'),
    )
    .max(10, 'List at most 10 languages.')
    .optional(),
  education: z.array(educationSchema).max(10, 'List at most 10 degrees.').optional(),
  publications: z.array(publicationSchema).max(20, 'List at most 20 publications or links.').optional(),
  orcid: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidOrcid, 'That is not a valid ORCID iD (e.g. 0000-0002-1825-0097).')
    .nullable()
    .optional(),
  availability: availabilitySchema.optional(),
});
export type ExpertApplicationDraft = z.input<typeof expertApplicationDraftSchema>;

/** The applicant's own view of their application (GET/PATCH /api/expert-application). */
export const expertApplicationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(vettingStatuses),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  category: expertCategorySchema.nullable(),
  subjects: z.array(z.string()),
  skills: z.array(z.string()),
  hourlyRateMinor: z.number().int().nullable(),
  currency: z.enum(rateCurrencies),
  country: z.string().nullable(),
  languages: z.array(z.string()),
  education: z.array(educationSchema),
  publications: z.array(publicationSchema),
  orcid: z.string().nullable(),
  availability: availabilitySchema,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** What still stops a submit, so the form can say it before the person presses the button. */
  missing: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Transitions the applicant may fire now. */
  actions: z.array(z.enum(['submit', 'withdraw'])),
  updatedAt: z.string(),
});
export type ExpertApplication = z.infer<typeof expertApplicationSchema>;

/** An application as an admin reviews it. */
export const adminApplicationSchema = expertApplicationSchema.omit({ missing: true, actions: true }).extend({
  applicant: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const applicationQueueQuerySchema = z.strictObject({
  status: z.enum(vettingStatuses).default('submitted'),
  cursor: pageCursorSchema(200, 'That page link is not valid.').optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(50).default(20),
});
export const applicationQueueResponseSchema = z.object({
  applications: z.array(adminApplicationSchema),
  nextCursor: z.string().nullable(),
});
export type ApplicationQueueResponse = z.infer<typeof applicationQueueResponseSchema>;

export const rejectApplicationRequestSchema = z.strictObject({
  reason: multiLineText('The reason', 2000, { type: 'Give the applicant a reason.' }).min(
    10,
    'Give the applicant a reason of at least 10 characters.',
  ),
});

export const expertProfileSchema = z.object({
  ...expertCardSchema.shape,
  bio: z.string(),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  education: z.array(educationSchema),
  publications: z.array(publicationSchema),
  /** The iD the expert typed in their application: shown as given, never as verified. */
  orcid: z.string().nullable(),
  memberSince: z.string(),
});
export type ExpertProfile = z.infer<typeof expertProfileSchema>;

/**
 * GET /api/experts. Unknown parameters are refused (a typo in a filter must not silently
 * widen the results). Rates are whole units per hour in USD; experts quoting in other
 * currencies are compared at the reference rates of the server.
 */
export const expertSearchQuerySchema = z
  .strictObject({
    q: searchText('q', SEARCH_QUERY_MAX, {
      tooLong: `Search for at most ${SEARCH_QUERY_MAX} characters.`,
    }).optional(),
    category: expertCategorySchema.optional(),
    subject: z
      .string()
      .max(80, 'subject must be a subject slug such as data-analysis.')
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'subject must be a subject slug such as data-analysis.')
      .optional(),
    country: countrySchema.optional(),
    minRate: wholeNumber('minRate', 0, SEARCH_RATE_MAX).optional(),
    maxRate: wholeNumber('maxRate', 0, SEARCH_RATE_MAX).optional(),
    minRating: z.coerce
      .number({ error: 'minRating must be a number from 0 to 5.' })
      .min(0, 'minRating must be a number from 0 to 5.')
      .max(5, 'minRating must be a number from 0 to 5.')
      .optional(),
    availability: availabilitySchema.optional(),
    sort: z
      .enum(expertSorts, { error: `sort must be one of: ${expertSorts.join(', ')}.` })
      .default('relevance'),
    cursor: pageCursorSchema(300, 'That page link is not valid; start from the first page.').optional(),
    limit: wholeNumber('limit', 1, SEARCH_LIMIT_MAX).default(20),
  })
  .refine(
    (query) => query.minRate === undefined || query.maxRate === undefined || query.minRate <= query.maxRate,
    {
      message: 'minRate must not be greater than maxRate.',
      path: ['minRate'],
    },
  );
export type ExpertSearchQuery = z.input<typeof expertSearchQuerySchema>;

export const subjectSuggestQuerySchema = z.strictObject({
  prefix: searchText('prefix', 60).default(''),
  // Up to the whole catalogue (a few hundred subjects), for the subject filter's list.
  limit: wholeNumber('limit', 1, SUBJECT_LIST_MAX).default(10),
});

export const expertSlugSchema = z
  .string()
  .max(120, 'No expert has that address.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'No expert has that address.');

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
