import * as z from 'zod/mini';
import { availabilities, errorCodes, expertCategories, rateCurrencies } from './constants.ts';

/*
 * The answers the public pages read (expert cards, search, subjects, counts, errors). The server
 * validates and documents them (experts.ts and errors.ts re-export them) and checks every answer
 * against its schema before sending it. The web imports only their types: the public pages take
 * the server's checked answers as these types, so a first-time visitor downloads no parser
 * (docs/decisions/054-public-pages-trust-checked-answers.md).
 */

export { errorCodes, type ErrorCode } from './constants.ts';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error response has this shape; `message` is always fit to show to a person. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  details: z.optional(z.array(fieldErrorSchema)),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** ORCID iD: four groups of four, the last character a mod 11-2 check digit (ISO 7064). */
export function isValidOrcid(value: string): boolean {
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(value)) return false;
  const digits = value.replaceAll('-', '');
  let total = 0;
  for (const char of digits.slice(0, 15)) total = (total + Number(char)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? 'X' : String(check));
}

const integer = () => z.number().check(z.int());

export const moneySchema = z.object({ amountMinor: integer(), currency: z.enum(rateCurrencies) });
export type Money = z.infer<typeof moneySchema>;

/**
 * An ORCID iD the expert linked by signing in to an ORCID provider (never one typed into a form).
 * `url` is the public record at that provider; `development` is true for the development
 * provider's made-up iDs, whose record page says it is not on orcid.org.
 */
export const verifiedOrcidSchema = z.object({
  id: z.string().check(z.refine(isValidOrcid)),
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
  category: z.enum(expertCategories),
  subjects: z.array(z.string()),
  /** In the expert's own currency: what they quote and are paid in. */
  rate: moneySchema,
  /** The rate in US cents at the reference rates (exchange-rates.ts): what filters and sorts use. */
  rateUsdMinor: integer(),
  country: z.string(),
  availability: z.enum(availabilities),
  /** Whole stars 0-5 (spec §3: integer display), rounded from ratingAverage. */
  rating: z.number().check(z.int(), z.minimum(0), z.maximum(5)),
  ratingAverage: z.nullable(z.number()),
  reviewCount: integer(),
  /** Null unless an ORCID iD was linked through an ORCID provider (see verifiedOrcidSchema). */
  verifiedOrcid: z.nullable(verifiedOrcidSchema),
});
export type ExpertCard = z.infer<typeof expertCardSchema>;

/**
 * A result count: exactly up to SEARCH_COUNT_EXACT_UP_TO; beyond it the database's estimate
 * ("about", rounded to two figures) or, when the estimate is too close to call, "more than".
 */
export const searchTotalSchema = z.object({
  count: integer(),
  relation: z.enum(['exactly', 'about', 'more_than']),
});
export type SearchTotal = z.infer<typeof searchTotalSchema>;

export const expertSearchResponseSchema = z.object({
  experts: z.array(expertCardSchema),
  /** Pass back as cursor for the next page; null on the last page. */
  nextCursor: z.nullable(z.string()),
  /** Subjects the query was read as (typo tolerance), so the page can say "showing results for". */
  matchedSubjects: z.array(z.string()),
  /**
   * How many experts match, when the first page is the whole result (then it is free); otherwise
   * null, and GET /api/experts/count answers it.
   */
  total: z.nullable(searchTotalSchema),
});
export type ExpertSearchResponse = z.infer<typeof expertSearchResponseSchema>;

export const subjectSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.nullable(z.enum(expertCategories)),
  expertCount: integer(),
});
export type Subject = z.infer<typeof subjectSchema>;
export const subjectListResponseSchema = z.object({ subjects: z.array(subjectSchema) });
export type SubjectListResponse = z.infer<typeof subjectListResponseSchema>;

export const featuredExpertsResponseSchema = z.object({
  categories: z.array(
    z.object({ category: z.enum(expertCategories), label: z.string(), experts: z.array(expertCardSchema) }),
  ),
});
export type FeaturedExpertsResponse = z.infer<typeof featuredExpertsResponseSchema>;

export const expertStatsResponseSchema = z.object({ experts: integer(), countries: integer() });
export type ExpertStatsResponse = z.infer<typeof expertStatsResponseSchema>;
