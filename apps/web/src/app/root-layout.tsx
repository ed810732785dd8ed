import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthModalProvider } from '../features/auth/auth-modal-context.tsx';
import { LazyAuthModal } from '../features/auth/lazy-auth-modal.tsx';
import { meQueryKey } from '../features/auth/session.ts';
import { onAuthChange } from '../lib/auth-storage.ts';

/** Re-checks the session whenever this tab ("authChange") or another tab (storage event) signs in or out. */
function AuthSync() {
  const queryClient = useQueryClient();
  useEffect(
    () => onAuthChange(() => void queryClient.invalidateQueries({ queryKey: meQueryKey })),
    [queryClient],
  );
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[80] h-1 animate-pulse bg-accent-400"
    />
  );
}

export function RootLayout() {
  return (
    <ToastProvider>
      <AuthModalProvider>
        <AuthSync />
        <NavigationProgress />
        <Outlet />
        <LazyAuthModal />
        <ScrollRestoration />
      </AuthModalProvider>
    </ToastProvider>
  );
}
