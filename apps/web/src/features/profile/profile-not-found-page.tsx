import { homePathFor } from '@sciwise/contracts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useSignedInUser } from '../auth/queries.ts';
import { PageHeading } from '../../components/page-heading.tsx';

export function ProfileNotFoundPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Page not found" />
      <EmptyState
        title="There is no such page in your profile area"
        actions={<ButtonLink to={homePathFor(user)}>Go to your dashboard</ButtonLink>}
      >
        Use the sidebar to find your projects, proposals, payments and settings.
      </EmptyState>
    </>
  );
}
