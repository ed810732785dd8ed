import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { useAuthModal } from '../features/auth/auth-modal-context.tsx';

/**
 * What a signed-out visitor sees at a guarded address (a link from an e-mail, a shared chat):
 * the sign-in opens over the page they asked for, the address stays, and signing in shows them
 * that page. Closing the sign-in leaves a way back to it.
 */
export function SignInRequired() {
  const { openAuthModal, closeAuthModal } = useAuthModal();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    openAuthModal('login', here);
    // Leaving the page some other way (signing out lands on /) takes its sign-in along.
    return closeAuthModal;
  }, [here, openAuthModal, closeAuthModal]);
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center sm:py-32" aria-labelledby="sign-in-required">
      <h1 id="sign-in-required" className="text-2xl font-bold text-slate-900">
        Sign in to continue
      </h1>
      <p className="mt-3 text-slate-600">
        This page is for signed-in members. Log in or create an account and we will bring you straight back
        here.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => openAuthModal('login', here)}>Log in</Button>
        <Button variant="secondary" onClick={() => openAuthModal('signup', here)}>
          Create an account
        </Button>
      </div>
    </section>
  );
}
