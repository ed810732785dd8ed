/*
 * The plain values of the expert contract, free of zod: the public expert directory imports them
 * through "@sciwise/contracts/constants" so its first load does without the schemas
 * (docs/decisions/005-public-site.md). experts.ts re-exports them.
 */

export const expertCategories = [
  'writers',
  'data_analysts',
  'consultants',
  'product_developers',
  'researchers',
] as const;
export type ExpertCategory = (typeof expertCategories)[number];
export const expertCategoryLabels: Record<ExpertCategory, string> = {
  writers: 'Writers',
  data_analysts: 'Data Analysts',
  consultants: 'Consultants',
  product_developers: 'Product Developers',
  researchers: 'Researchers',
};

export const availabilities = ['available', 'limited', 'unavailable'] as const;
export type Availability = (typeof availabilities)[number];

/** Currencies an expert may quote in; amounts are integers in minor units (cents, pence). */
export const rateCurrencies = ['USD', 'EUR', 'GBP'] as const;
export type RateCurrency = (typeof rateCurrencies)[number];

export const expertSorts = ['relevance', 'rating', 'rate_asc', 'rate_desc'] as const;
export type ExpertSort = (typeof expertSorts)[number];
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 50;
