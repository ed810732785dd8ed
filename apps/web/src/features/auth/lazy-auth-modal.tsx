import { lazy, Suspense, useState } from 'react';
import { useAuthModal } from './auth-modal-context.tsx';

const loadAuthModal = () => Promise.all([import('./auth-modal.tsx'), import('../../lib/query-provider.tsx')]);
const AuthModal = lazy(async () => {
  const [{ AuthModal: Modal }, { QueryProvider }] = await loadAuthModal();
  return {
    default: () => (
      <QueryProvider>
        <Modal />
      </QueryProvider>
    ),
  };
});

/** Starts downloading the sign-in forms before the click lands (on hover or focus of a Login button). */
export function preloadAuthModal(): void {
  void loadAuthModal();
}

/**
 * The login and sign-up modal, downloaded the first time someone opens it: its forms, the
 * contract schemas and TanStack Query are not part of any public page's first load.
 */
export function LazyAuthModal() {
  const { open } = useAuthModal();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
