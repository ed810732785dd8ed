import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ShieldIcon } from '../../components/ui/icons.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { myExpertProfileQuery } from './profile-edit-queries.ts';
import { OfferForm } from './profile-offer-form.tsx';
import { VettedFieldsCard } from './profile-vetted-form.tsx';

/**
 * An approved expert's editor of their public profile: the offer (headline, bio, rate, ...) and
 * the photo apply at once; subjects and credentials go to the vetting team first
 * (contracts/profile-changes.ts says which is which).
 */
/**
 * The expert's own editor. The photo card belongs to the account feature, so the app passes it in
 * (`photo`) rather than this feature importing account (decision 020).
 */
export function ExpertProfileEditPage({ photo }: { photo?: ReactNode }) {
  const profile = useQuery(myExpertProfileQuery);
  const slug = profile.data?.slug;
  return (
    <div className="max-w-3xl">
      <PageHeading
        title="Edit public profile"
        actions={
          slug ? (
            <ButtonLink to={`/experts/${encodeURIComponent(slug)}`} variant="secondary">
              View public profile
            </ButtonLink>
          ) : undefined
        }
      >
        What clients see when they find you.
      </PageHeading>
      {profile.isPending ? (
        <PageSpinner label="Loading your profile..." />
      ) : profile.isError ? (
        isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 409) ? (
          <EmptyState
            icon={<ShieldIcon className="size-6" />}
            title="No approved expert profile yet"
            actions={<ButtonLink to="/join-expert">Go to your expert application</ButtonLink>}
          >
            {errorMessage(profile.error)}
          </EmptyState>
        ) : (
          <RetryAlert onRetry={profile.refetch}>{errorMessage(profile.error)}</RetryAlert>
        )
      ) : (
        <div className="space-y-6">
          <OfferForm profile={profile.data} />
          {photo}
          <VettedFieldsCard profile={profile.data} />
        </div>
      )}
    </div>
  );
}
