import type {
  ExpertCard,
  ExpertCategory,
  ExpertStatsResponse,
  FeaturedExpertsResponse,
} from '@sciwise/contracts';
import { getJson, isCount, isRecord, isString, type Guard } from './public-fetch.ts';

/*
 * The three public reads of the marketing pages. They check the answers' shape by hand against the
 * contract's types instead of parsing with the zod schemas: the schemas would more than double the
 * JavaScript a first-time visitor downloads (see docs/decisions/005-public-site.md).
 */

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
