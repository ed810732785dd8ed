import type { ExpertCard, ExpertStatsResponse, FeaturedExpertsResponse } from '@sciwise/contracts/public';
import { apiRequest, checkedByServer } from '../../lib/api-client.ts';
import { fetchSubjectSuggestions } from '../../lib/subjects-api.ts';

/*
 * The three public reads of the marketing pages, through the one client as the contract's types
 * (the server checked them): a parser would be the largest script a first-time visitor downloads
 * after React (see docs/decisions/054-public-pages-trust-checked-answers.md).
 */

/** The card fields the landing page shows. */
export type LandingExpert = Pick<ExpertCard, 'slug' | 'name' | 'avatarUrl' | 'headline' | 'rating'>;

export const fetchFeaturedExperts = () =>
  apiRequest('/api/experts/featured', { schema: checkedByServer<FeaturedExpertsResponse>() });

export const fetchExpertStats = () =>
  apiRequest('/api/experts/stats', { schema: checkedByServer<ExpertStatsResponse>() });

export async function fetchSubjectNames(prefix: string): Promise<string[]> {
  const answer = await fetchSubjectSuggestions(prefix);
  return answer.subjects.map((subject) => subject.name);
}
