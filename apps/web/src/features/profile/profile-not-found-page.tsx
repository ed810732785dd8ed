import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeading } from './page-heading.tsx';

export function ProfileNotFoundPage() {
  return (
    <>
      <PageHeading title="Page not found" />
      <EmptyState
        title="There is no such page in your profile area"
        actions={<ButtonLink to="/profile/freelancer-dashboard">Go to your dashboard</ButtonLink>}
      >
        Use the sidebar to find your projects, proposals, payments and settings.
      </EmptyState>
    </>
  );
}
