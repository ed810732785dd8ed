/*
 * The plain values of the expert contract, free of zod: the public expert directory imports them
 * through "@sciwise/contracts/constants" so its first load does without the schemas
 * (docs/decisions/005-public-site.md). experts.ts re-exports them. The account's roles, modes
 * and landing paths (at the end) are here for the same reason: the public header needs them.
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

/** ISO 3166-1 alpha-2 codes of the countries and territories an expert can live in. */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ ' +
  'FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ ' +
  'IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH ' +
  'MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL ' +
  'PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
export const expertSorts = ['relevance', 'rating', 'rate_asc', 'rate_desc'] as const;
export type ExpertSort = (typeof expertSorts)[number];
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 50;
/** Search results are counted exactly up to this many; beyond it the count is an estimate. */
export const SEARCH_COUNT_EXACT_UP_TO = 1000;

/** The port the server listens on when PORT is unset. */
export const DEFAULT_PORT = 3000;

/**
 * The site's own address (canonical links, sitemap, links in e-mail) when PUBLIC_URL is unset: the
 * server's port on this machine. The server, the prerender step and the dev proxy all ask here.
 */
export function siteOrigin(settings: { PUBLIC_URL?: string; PORT?: string | number }): string {
  return (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT ?? DEFAULT_PORT}`).replace(/\/+$/, '');
}

export const userRoles = ['member', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Freelancer and Project Owner are modes of one account (spec §6), each with its dashboard (spec
 * §2); administrators have a home of their own as well.
 */
export const dashboardModes = ['freelancer', 'owner'] as const;
export type DashboardMode = (typeof dashboardModes)[number];
export const dashboardPaths: Record<DashboardMode, string> = {
  freelancer: '/profile/freelancer-dashboard',
  owner: '/profile/project-owner-dashboard',
};
export const ADMIN_HOME_PATH = '/profile/admin';

/** Where a person lands after signing in: the admin home for administrators, else their mode's dashboard. */
export function homePathFor(user: { role: UserRole; dashboardMode: DashboardMode }): string {
  return user.role === 'admin' ? ADMIN_HOME_PATH : dashboardPaths[user.dashboardMode];
}

/** The header of every money-moving request (escrow.ts): the same key on a retry gets the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** GET /api/subjects answers at most this many: the whole catalogue (a few hundred) for filters. */
export const SUBJECT_LIST_MAX = 500;
/** How many subjects a typeahead suggests. */
export const SUBJECT_SUGGESTIONS = 8;

/*
 * The project editor's limits, plain values for the form (the web) and the schemas and publish
 * rules (projects.ts, the server).
 */
export const PROJECT_TITLE_MIN = 10;
export const PROJECT_TITLE_MAX = 120;
export const PROJECT_DESCRIPTION_MIN = 50;
export const PROJECT_DESCRIPTION_MAX = 10_000;
/** Amounts are integers in minor units (cents); 100,000,000 is one million in the major unit. */
export const AMOUNT_MAX_MINOR = 100_000_000;
/** The longest subject name an expert or a project may list. */
export const SUBJECT_NAME_MAX = 60;
/** The expert search's rate filters: whole US dollars per hour, from 0 to this. */
export const SEARCH_RATE_MAX = 10_000;

/** What went wrong, in every error answer (errorResponseSchema); the web reads it without zod. */
export const errorCodes = [
  'invalid_input',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  /** The card processor refused a payment; `message` is the processor's reason, fit to show. */
  'payment_failed',
  /** An Idempotency-Key came back with a different request than the first time. */
  'idempotency_mismatch',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
