import type {
  AdminApplication,
  AdminProfileChange,
  ExpertApplication,
  ExpertCard,
  ExpertProfile,
  MyExpertProfile,
  ProfileChange,
} from '@sciwise/contracts';
import { expertProfiles, type users } from '../../db/schema/index.ts';
import { verifiedOrcidOf } from '../accounts/oidc/orcid.ts';
import { avatarUrl } from '../accounts/presenter.ts';
import { applicationProblems } from './application-rules.ts';
import type { AdminChangeRow, ChangeRow, OwnProfile } from './profile-edit-service.ts';
import { changedFields, vettedValues } from './profile-values.ts';
import { availableTransitions } from './vetting-states.ts';

type ProfileRow = typeof expertProfiles.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The profile columns behind a card; every query that lists experts selects these. */
export const cardColumns = {
  id: expertProfiles.id,
  userId: expertProfiles.userId,
  slug: expertProfiles.slug,
  displayName: expertProfiles.displayName,
  headline: expertProfiles.headline,
  category: expertProfiles.category,
  subjects: expertProfiles.subjects,
  hourlyRateMinor: expertProfiles.hourlyRateMinor,
  currency: expertProfiles.currency,
  rateUsdMinor: expertProfiles.rateUsdMinor,
  country: expertProfiles.country,
  availability: expertProfiles.availability,
  ratingCenti: expertProfiles.ratingCenti,
  ratingCount: expertProfiles.ratingCount,
};

/**
 * The columns a card needs; search selects exactly these. `verifiedOrcid` comes from
 * verifiedOrcidFor (accounts/oidc/orcid.ts), never from the profile's typed-in `orcid`.
 */
export interface CardRow {
  id: string;
  userId: string;
  slug: string;
  displayName: string;
  headline: string | null;
  category: ProfileRow['category'];
  subjects: string[];
  hourlyRateMinor: number | null;
  currency: ProfileRow['currency'];
  rateUsdMinor: number | null;
  country: string | null;
  availability: ProfileRow['availability'];
  ratingCenti: number;
  ratingCount: number;
  avatarKey: string | null;
  verifiedOrcid: string | null;
}

/** Whole stars for display (spec §3), from hundredths of a star, rounded half up. */
export function wholeStars(ratingCenti: number, ratingCount: number): number {
  return ratingCount > 0 ? Math.min(5, Math.floor((ratingCenti + 50) / 100)) : 0;
}

export function expertAvatarUrl(row: { userId: string; avatarKey: string | null; slug: string }): string {
  return avatarUrl({ id: row.userId, avatarKey: row.avatarKey }) ?? `/api/experts/${row.slug}/avatar.svg`;
}

type SummaryRow = Omit<CardRow, 'id' | 'rateUsdMinor' | 'country' | 'verifiedOrcid'>;

/**
 * What every list of experts shows of one: search results and featured cards, and a project's
 * matches. Only approved profiles are listed, and their required fields are set at submit, so the
 * fallbacks never show.
 */
export function expertSummary(row: SummaryRow) {
  return {
    slug: row.slug,
    name: row.displayName,
    avatarUrl: expertAvatarUrl(row),
    headline: row.headline ?? '',
    category: row.category ?? 'researchers',
    subjects: row.subjects,
    rate: { amountMinor: row.hourlyRateMinor ?? 0, currency: row.currency },
    availability: row.availability,
    rating: wholeStars(row.ratingCenti, row.ratingCount),
    reviewCount: row.ratingCount,
  };
}

export function presentCard(row: CardRow): ExpertCard {
  return {
    ...expertSummary(row),
    rateUsdMinor: row.rateUsdMinor ?? 0,
    country: row.country ?? '',
    ratingAverage: row.ratingCount > 0 ? row.ratingCenti / 100 : null,
    verifiedOrcid: verifiedOrcidOf(row.verifiedOrcid),
  };
}

export function presentProfile(
  row: ProfileRow,
  avatarKey: string | null,
  verifiedOrcid: string | null,
): ExpertProfile {
  return {
    ...presentCard({ ...row, avatarKey, verifiedOrcid }),
    bio: row.bio ?? '',
    skills: row.skills,
    languages: row.languages,
    education: row.education,
    publications: row.publications,
    orcid: row.orcid,
    memberSince: row.createdAt.toISOString(),
  };
}

function applicationFields(row: ProfileRow) {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    headline: row.headline,
    bio: row.bio,
    category: row.category,
    subjects: row.subjects,
    skills: row.skills,
    hourlyRateMinor: row.hourlyRateMinor,
    currency: row.currency,
    country: row.country,
    languages: row.languages,
    education: row.education,
    publications: row.publications,
    orcid: row.orcid,
    availability: row.availability,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentApplication(row: ProfileRow): ExpertApplication {
  return {
    ...applicationFields(row),
    missing: applicationProblems(row),
    actions: availableTransitions(row.status, 'applicant').filter((a) => a === 'submit' || a === 'withdraw'),
  };
}

export function presentAdminApplication(
  row: ProfileRow,
  applicant: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): AdminApplication {
  return {
    ...applicationFields(row),
    applicant: {
      id: applicant.id,
      name: `${applicant.firstName} ${applicant.lastName}`.trim(),
      email: applicant.email,
    },
  };
}

export function presentProfileChange(row: ChangeRow): ProfileChange {
  return {
    id: row.id,
    status: row.status,
    before: row.before,
    after: row.after,
    changedFields: changedFields(row.before, row.after),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
  };
}

/** The approved expert's own profile: what is public now, and where their vetted changes stand. */
export function presentOwnProfile({ profile, latestChange }: OwnProfile): MyExpertProfile {
  return {
    ...vettedValues(profile),
    slug: profile.slug,
    headline: profile.headline ?? '',
    bio: profile.bio ?? '',
    hourlyRateMinor: profile.hourlyRateMinor ?? 0,
    currency: profile.currency,
    country: profile.country ?? '',
    languages: profile.languages,
    availability: profile.availability,
    pendingChange: latestChange?.status === 'pending' ? presentProfileChange(latestChange) : null,
    lastDeclined: latestChange?.status === 'declined' ? presentProfileChange(latestChange) : null,
  };
}

export function presentAdminProfileChange({ change, expert }: AdminChangeRow): AdminProfileChange {
  return { ...presentProfileChange(change), expert };
}
