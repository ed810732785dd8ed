import {
  expertStatsResponseSchema,
  featuredExpertsResponseSchema,
  type ExpertCard,
} from '@sciwise/contracts/public';
import { apiRequest } from '../../lib/api-client.ts';
import { fetchSubjectSuggestions } from '../../lib/subjects-api.ts';

/*
 * The three public reads of the marketing pages, parsed by the one client with the contract's
 * zod/mini schemas: the full zod would more than double the JavaScript a first-time visitor
 * downloads (see docs/decisions/005-public-site.md).
 */

/** The card fields the landing page shows. */
export type LandingExpert = Pick<ExpertCard, 'slug' | 'name' | 'avatarUrl' | 'headline' | 'rating'>;

export const fetchFeaturedExperts = () =>
  apiRequest('/api/experts/featured', { schema: featuredExpertsResponseSchema });

export const fetchExpertStats = () => apiRequest('/api/experts/stats', { schema: expertStatsResponseSchema });

export async function fetchSubjectNames(prefix: string): Promise<string[]> {
  const answer = await fetchSubjectSuggestions(prefix);
  return answer.subjects.map((subject) => subject.name);
}
