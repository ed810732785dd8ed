import { lazy, Suspense } from 'react';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { preloadAuthModal } from '../auth/lazy-auth-modal.tsx';
import { useSignedInHint } from '../auth/signed-in-hint.ts';

const SessionButton = lazy(async () => ({ default: (await import('./session-controls.tsx')).SessionButton }));

/** Login, or (once the session is confirmed) Logout or the account menu. Visitors who never signed in skip the check. */
export function AuthButton({
  className,
  onDone,
  variant = 'outline-inverse',
  signedIn,
}: {
  className?: string;
  onDone?: () => void;
  variant?: ButtonVariant;
  /** What a signed-in person gets instead of Login (see SessionButton). */
  signedIn?: 'logout' | 'menu' | 'links';
}) {
  const likelySignedIn = useSignedInHint();
  const { openAuthModal } = useAuthModal();
  const onLogin = () => openAuthModal('login');
  const login = (
    <Button
      variant={variant}
      size="sm"
      className={className}
      onPointerEnter={preloadAuthModal}
      onFocus={preloadAuthModal}
      onClick={() => {
        onDone?.();
        onLogin();
      }}
    >
      Login
    </Button>
  );
  if (!likelySignedIn) return login;
  return (
    <Suspense fallback={login}>
      <SessionButton
        className={className}
        variant={variant}
        onDone={onDone}
        onLogin={onLogin}
        signedIn={signedIn}
      />
    </Suspense>
  );
}
