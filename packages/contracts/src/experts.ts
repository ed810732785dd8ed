import { z } from 'zod';
import {
  availabilities,
  countryCodes,
  expertCategories,
  expertSorts,
  rateCurrencies,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
} from './constants.ts';
import { wholeNumber } from './fields.ts';
import { multiLineText, pageCursorSchema, searchText, singleLineText as line } from './text.ts';

export * from './constants.ts';

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

export const subjectNameSchema = line('A subject', 60).pipe(
  z.string().min(2, 'A subject needs at least 2 characters.'),
);

/** ORCID iD: four groups of four, the last character a mod 11-2 check digit (ISO 7064). */
export function isValidOrcid(value: string): boolean {
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(value)) return false;
  const digits = value.replaceAll('-', '');
  let total = 0;
  for (const char of digits.slice(0, 15)) total = (total + Number(char)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? 'X' : String(check));
}

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
export const BIO_MIN = 80;
export const RATE_MIN_MINOR = 1_000;
export const RATE_MAX_MINOR = 1_000_000;

/**
 * PATCH /api/expert-application: every field optional, so the form saves progress as the
 * person goes. The rules for a complete application are checked on submit (server side).
 */
export const expertApplicationDraftSchema = z.strictObject({
  headline: line('headline', 120).optional(),
  bio: multiLineText('bio', 5000).optional(),
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

export const moneySchema = z.object({ amountMinor: z.number().int(), currency: z.enum(rateCurrencies) });

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

/**
 * An ORCID iD the expert linked by signing in to an ORCID provider (never one typed into a form).
 * `url` is the public record at that provider; `development` is true for the development
 * provider's made-up iDs, whose record page says it is not on orcid.org.
 */
export const verifiedOrcidSchema = z.object({
  id: z.string().refine(isValidOrcid),
  url: z.url({ protocol: /^https?$/ }),
  development: z.boolean(),
});
export type VerifiedOrcid = z.infer<typeof verifiedOrcidSchema>;

/** The card shown in search results and on the landing page. */
export const expertCardSchema = z.object({
  slug: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  headline: z.string(),
  category: expertCategorySchema,
  subjects: z.array(z.string()),
  /** In the expert's own currency: what they quote and are paid in. */
  rate: moneySchema,
  /** The rate in US cents at the reference rates (exchange-rates.ts): what filters and sorts use. */
  rateUsdMinor: z.number().int(),
  country: z.string(),
  availability: availabilitySchema,
  /** Whole stars 0-5 (spec §3: integer display), rounded from ratingAverage. */
  rating: z.number().int().min(0).max(5),
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Null unless an ORCID iD was linked through an ORCID provider (see verifiedOrcidSchema). */
  verifiedOrcid: verifiedOrcidSchema.nullable(),
});
export type ExpertCard = z.infer<typeof expertCardSchema>;

export const expertProfileSchema = expertCardSchema.extend({
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
    minRate: wholeNumber('minRate', 0, 10_000).optional(),
    maxRate: wholeNumber('maxRate', 0, 10_000).optional(),
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

/**
 * A result count: exactly up to SEARCH_COUNT_EXACT_UP_TO; beyond it the database's estimate
 * ("about", rounded to two figures) or, when the estimate is too close to call, "more than".
 */
export const searchTotalSchema = z.object({
  count: z.number().int(),
  relation: z.enum(['exactly', 'about', 'more_than']),
});
export type SearchTotal = z.infer<typeof searchTotalSchema>;

export const expertSearchResponseSchema = z.object({
  experts: z.array(expertCardSchema),
  /** Pass back as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Subjects the query was read as (typo tolerance), so the page can say "showing results for". */
  matchedSubjects: z.array(z.string()),
  /**
   * How many experts match, when the first page is the whole result (then it is free); otherwise
   * null, and GET /api/experts/count answers it.
   */
  total: searchTotalSchema.nullable(),
});
export type ExpertSearchResponse = z.infer<typeof expertSearchResponseSchema>;

export const subjectSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: expertCategorySchema.nullable(),
  expertCount: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;
export const subjectSuggestQuerySchema = z.strictObject({
  prefix: searchText('prefix', 60).default(''),
  // Up to the whole catalogue (a few hundred subjects), for the subject filter's list.
  limit: wholeNumber('limit', 1, 500).default(10),
});
export const subjectListResponseSchema = z.object({ subjects: z.array(subjectSchema) });

export const featuredExpertsResponseSchema = z.object({
  categories: z.array(
    z.object({ category: expertCategorySchema, label: z.string(), experts: z.array(expertCardSchema) }),
  ),
});
export type FeaturedExpertsResponse = z.infer<typeof featuredExpertsResponseSchema>;

export const expertStatsResponseSchema = z.object({ experts: z.number().int(), countries: z.number().int() });
export type ExpertStatsResponse = z.infer<typeof expertStatsResponseSchema>;

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
