import { expertCategoryLabels, type ExpertProfile } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { useAuth, type AuthStatus } from '../auth/queries.ts';
import { ExpertReviewsSection } from '../reviews/expert-reviews-section.tsx';
import { StarRating } from '../../components/star-rating.tsx';
import { availabilityLabels, countryName, formatMoney, usdEquivalent } from './format.ts';
import { languageName } from './languages.ts';
import { applicationQuery, expertProfileQuery } from './queries.ts';
import { VerifiedOrcidBadge } from './verified-orcid-badge.tsx';

function setMetaDescription(text: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text;
}

function useDocumentMeta(title: string, description: string | null) {
  useEffect(() => {
    const previousTitle = document.title;
    const previousDescription =
      document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';
    document.title = title;
    if (description) setMetaDescription(description);
    return () => {
      document.title = previousTitle;
      setMetaDescription(previousDescription);
    };
  }, [title, description]);
}

/** Clients are dark-banded pages: the transparent header needs the band behind it. */
function Band({ children }: { children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 pt-24 pb-32 text-white md:pt-32">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">{children}</div>
    </div>
  );
}

/**
 * The "Invite to a project" dialog, which belongs to the projects feature: app/router.tsx hands it
 * in, so the experts feature does not import projects (docs/decisions/020-web-boundaries.md).
 */
export type InviteDialog = ComponentType<{
  expert: Pick<ExpertProfile, 'slug' | 'name'>;
  open: boolean;
  onClose: () => void;
}>;

export function ExpertProfilePage({ inviteDialog }: { inviteDialog: InviteDialog }) {
  const { slug = '' } = useParams();
  const profile = useQuery(expertProfileQuery(slug));
  const { status } = useAuth();
  const expert = profile.data;

  useDocumentMeta(
    expert
      ? `${expert.name} — ${expert.headline} | Sciwise`
      : profile.isError
        ? 'Expert not found | Sciwise'
        : 'Expert | Sciwise',
    expert
      ? `${expert.name}, ${expert.headline}. ${expertCategoryLabels[expert.category]} in ${countryName(expert.country)}: ${expert.subjects.slice(0, 5).join(', ')}. Hire on Sciwise.`.slice(
          0,
          300,
        )
      : null,
  );

  if (profile.isPending) {
    return (
      <>
        <Band />
        <PageSpinner label="Loading the profile..." />
      </>
    );
  }
  if (profile.isError) {
    const notFound =
      isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 400);
    return (
      <>
        <Band>
          <h1 className="text-3xl font-bold tracking-tight">
            {notFound ? "We can't find that expert" : "We couldn't load this profile"}
          </h1>
        </Band>
        <div className="mx-auto -mt-20 max-w-3xl px-4 pb-16 sm:px-6">
          {notFound ? (
            <EmptyState
              icon={<SearchIcon className="size-6" />}
              title="No expert has this address"
              actions={<ButtonLink to="/find-an-expert">Find an expert</ButtonLink>}
            >
              The profile may have been removed, or the link mistyped. Search our network instead.
            </EmptyState>
          ) : (
            <Alert
              action={
                <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(profile.error)}
            </Alert>
          )}
        </div>
      </>
    );
  }

  return <ProfileView expert={profile.data} auth={status} inviteDialog={inviteDialog} />;
}

/** Whether the signed-in person is looking at their own public profile (their application's slug). */
function useIsOwnProfile(slug: string, signedIn: boolean): boolean {
  const mine = useQuery({ ...applicationQuery, enabled: signedIn });
  return signedIn && mine.data?.status === 'approved' && mine.data.slug === slug;
}

function ProfileView({
  expert,
  auth,
  inviteDialog: InviteToProjectDialog,
}: {
  expert: ExpertProfile;
  auth: AuthStatus;
  inviteDialog: InviteDialog;
}) {
  const signedIn = auth === 'signed-in';
  const own = useIsOwnProfile(expert.slug, signedIn);
  // The iD typed into the application is only the expert's word: shown apart, and not at all when
  // it is the one they verified by linking ORCID.
  const typedOrcid = expert.orcid !== expert.verifiedOrcid?.id ? expert.orcid : null;
  const { openAuthModal } = useAuthModal();
  const [inviting, setInviting] = useState(false);
  const closeInvite = useCallback(() => setInviting(false), []);
  const actions = own ? (
    <ButtonLink to="/profile/expert-profile" size="lg">
      Edit your profile
    </ButtonLink>
  ) : signedIn ? (
    <>
      <Button size="lg" onClick={() => setInviting(true)}>
        Invite to a project
      </Button>
      <InviteToProjectDialog expert={expert} open={inviting} onClose={closeInvite} />
      <ButtonLink to={`/chat?expert=${expert.slug}`} variant="secondary" size="lg">
        Message
      </ButtonLink>
    </>
  ) : (
    <>
      <Button size="lg" onClick={() => openAuthModal('login')}>
        Invite to a project
      </Button>
      <Button variant="secondary" size="lg" onClick={() => openAuthModal('login')}>
        Message
      </Button>
    </>
  );

  return (
    <>
      <Band>
        <p className="text-sm text-brand-200">
          <Link to="/find-an-expert" className="underline hover:text-white">
            Find an expert
          </Link>{' '}
          / {expertCategoryLabels[expert.category]}
        </p>
      </Band>
      <div className="mx-auto -mt-24 max-w-5xl px-4 pb-16 sm:px-6">
        <div className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <img
              src={expert.avatarUrl}
              alt={expert.name}
              width={120}
              height={120}
              className="size-24 shrink-0 rounded-full bg-slate-100 object-cover sm:size-30"
            />
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{expert.name}</h1>
              <p className="mt-1 text-lg text-slate-700">{expert.headline}</p>
              <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
                <span className="rounded-full bg-brand-50 px-3 py-0.5 font-medium text-brand-800">
                  {expertCategoryLabels[expert.category]}
                </span>
                <a href="#reviews-heading" className="flex items-center gap-1.5 hover:underline">
                  <StarRating rating={expert.rating} />
                  <span>
                    {expert.reviewCount} {expert.reviewCount === 1 ? 'review' : 'reviews'}
                  </span>
                </a>
                <span>{countryName(expert.country)}</span>
                <span>{availabilityLabels[expert.availability]}</span>
              </div>
              {expert.verifiedOrcid && <VerifiedOrcidBadge orcid={expert.verifiedOrcid} className="mt-3" />}
            </div>
            <div className="shrink-0 sm:text-right">
              <p className="text-2xl font-bold text-slate-900">
                {formatMoney(expert.rate.amountMinor, expert.rate.currency)}
                <span className="text-base font-normal text-slate-600"> /hour</span>
              </p>
              {expert.rate.currency !== 'USD' && (
                <p className="text-sm text-slate-600">
                  {usdEquivalent(expert.rate, expert.rateUsdMinor)} /hour at our reference exchange rate
                </p>
              )}
            </div>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
          {/* One line, its height kept while the session and the application load: a note that
              came and went moved everything below it, the reviews' buttons too, under a click. */}
          <p className="mt-2 min-h-5 text-sm text-slate-600">
            {auth === 'signed-out'
              ? 'Sign in to invite or message this expert.'
              : own
                ? 'This is your public profile, as clients see it.'
                : null}
          </p>
        </div>

        <div className="mt-8 grid gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="space-y-8">
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="text-xl font-semibold text-slate-900">
                About
              </h2>
              <div className="mt-3 space-y-3 whitespace-pre-line text-slate-700">{expert.bio}</div>
            </section>
            {expert.education.length > 0 && (
              <section aria-labelledby="education-heading">
                <h2 id="education-heading" className="text-xl font-semibold text-slate-900">
                  Education
                </h2>
                <ul className="mt-3 space-y-3">
                  {expert.education.map((item, index) => (
                    <li key={index} className="text-slate-700">
                      <p className="font-medium text-slate-900">
                        {item.degree}
                        {item.field ? `, ${item.field}` : ''}
                      </p>
                      <p className="text-sm">
                        {item.institution}
                        {item.year ? ` · ${item.year}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {(expert.publications.length > 0 || typedOrcid) && (
              <section aria-labelledby="publications-heading">
                <h2 id="publications-heading" className="text-xl font-semibold text-slate-900">
                  Publications
                </h2>
                <ul className="mt-3 space-y-2">
                  {expert.publications.map((item, index) => (
                    <li key={index} className="text-slate-700">
                      {item.url ? (
                        <a
                          href={item.url}
                          rel="noopener noreferrer nofollow"
                          target="_blank"
                          className="font-medium text-brand-700 underline"
                        >
                          {item.title}
                        </a>
                      ) : (
                        <span className="font-medium text-slate-900">{item.title}</span>
                      )}
                      {item.year ? <span className="text-sm"> ({item.year})</span> : null}
                    </li>
                  ))}
                </ul>
                {typedOrcid && (
                  <p className="mt-3 text-sm text-slate-700">
                    ORCID iD given by the expert (not verified):{' '}
                    <a
                      href={`https://orcid.org/${typedOrcid}`}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="font-medium text-brand-700 underline"
                    >
                      {typedOrcid}
                    </a>
                  </p>
                )}
              </section>
            )}
            <ExpertReviewsSection slug={expert.slug} expertName={expert.name} />
          </div>
          <aside className="space-y-6">
            <section aria-labelledby="subjects-heading">
              <h2
                id="subjects-heading"
                className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
              >
                Subjects
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {expert.subjects.map((subject) => (
                  <li key={subject} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {subject}
                  </li>
                ))}
              </ul>
            </section>
            {expert.skills.length > 0 && (
              <section aria-labelledby="skills-heading">
                <h2
                  id="skills-heading"
                  className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
                >
                  Skills
                </h2>
                <p className="mt-2 text-sm text-slate-700">{expert.skills.join(', ')}</p>
              </section>
            )}
            <section aria-labelledby="languages-heading">
              <h2
                id="languages-heading"
                className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
              >
                Languages
              </h2>
              <p className="mt-2 text-sm text-slate-700">{expert.languages.map(languageName).join(', ')}</p>
            </section>
            <p className="text-sm text-slate-600">
              Member since{' '}
              {new Date(expert.memberSince).toLocaleDateString('en', { month: 'long', year: 'numeric' })}
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
