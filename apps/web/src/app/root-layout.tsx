import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthLinkOpener } from '../features/auth/auth-link.tsx';
import { AuthModalProvider } from '../features/auth/auth-modal-context.tsx';
import { LazyAuthModal } from '../features/auth/lazy-auth-modal.tsx';
import { afterQueuedIslands } from '../features/site/hydration-island.tsx';
import { useRouteModulesLoading } from './route-elements.tsx';

function NavigationProgress() {
  const loading = useRouteModulesLoading();
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[80] h-1 animate-pulse bg-accent-400"
    />
  );
}

/** A new page starts at its top (or its #anchor); back and forward keep the browser's own position. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

/**
 * Marks the document once it handles events, its prerendered islands included (browser tests
 * wait for it on prerendered pages).
 */
function InteractiveMarker() {
  useEffect(() => {
    afterQueuedIslands(() => {
      document.documentElement.dataset.interactive = 'true';
    });
  }, []);
  return null;
}

export function RootLayout() {
  return (
    <ToastProvider>
      <AuthModalProvider>
        <NavigationProgress />
        <Outlet />
        <LazyAuthModal />
        <AuthLinkOpener />
        <ScrollToTop />
        <InteractiveMarker />
      </AuthModalProvider>
    </ToastProvider>
  );
}
