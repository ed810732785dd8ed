import type {
  ExpertCard,
  ExpertCategory,
  ExpertStatsResponse,
  FeaturedExpertsResponse,
} from '@sciwise/contracts';
import { ApiError, NETWORK_ERROR } from '../../lib/api-error.ts';

/*
 * The three public reads of the marketing pages. They check the answers' shape by hand against the
 * contract's types instead of parsing with the zod schemas: the schemas would more than double the
 * JavaScript a first-time visitor downloads (see docs/decisions/005-public-site.md).
 */

export type Guard<T> = (value: unknown) => value is T;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The card fields the landing page shows; the rest of the card is passed through untouched. */
export type LandingExpert = Pick<ExpertCard, 'slug' | 'name' | 'avatarUrl' | 'headline' | 'rating'>;

const isLandingExpert: Guard<LandingExpert> = (value): value is LandingExpert =>
  isRecord(value) &&
  isString(value.slug) &&
  isString(value.name) &&
  isString(value.avatarUrl) &&
  isString(value.headline) &&
  isCount(value.rating) &&
  value.rating <= 5;

export interface FeaturedCategory {
  category: ExpertCategory;
  label: string;
  experts: LandingExpert[];
}

const isFeatured: Guard<{ categories: FeaturedCategory[] }> = (
  value,
): value is { categories: FeaturedCategory[] } =>
  isRecord(value) &&
  Array.isArray(value.categories) &&
  value.categories.every(
    (entry) =>
      isRecord(entry) &&
      isString(entry.category) &&
      isString(entry.label) &&
      Array.isArray(entry.experts) &&
      entry.experts.every(isLandingExpert),
  );

const isStats: Guard<ExpertStatsResponse> = (value): value is ExpertStatsResponse =>
  isRecord(value) && isCount(value.experts) && isCount(value.countries);

const isSubjects: Guard<{ subjects: { name: string }[] }> = (
  value,
): value is { subjects: { name: string }[] } =>
  isRecord(value) &&
  Array.isArray(value.subjects) &&
  value.subjects.every((subject) => isRecord(subject) && isString(subject.name));

export async function getJson<T>(path: string, guard: Guard<T>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, 'network');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = isRecord(data) && isString(data.message) ? data.message : 'Please try again.';
    throw new ApiError(response.status, message, response.status === 429 ? 'rate_limited' : 'internal');
  }
  if (!guard(data)) {
    throw new ApiError(response.status, 'The server sent an answer we could not read.', 'bad_response');
  }
  return data;
}

// Compile-time proof that the hand-written guards accept exactly what the contract sends.
type Assignable<T extends U, U> = T;
export type FeaturedMatchesContract = Assignable<
  FeaturedExpertsResponse['categories'][number],
  FeaturedCategory
>;

export const fetchFeaturedExperts = () => getJson('/api/experts/featured', isFeatured);

export const fetchExpertStats = () => getJson('/api/experts/stats', isStats);

export async function fetchSubjectNames(prefix: string): Promise<string[]> {
  const answer = await getJson(`/api/subjects?prefix=${encodeURIComponent(prefix)}&limit=8`, isSubjects);
  return answer.subjects.map((subject) => subject.name);
}
