import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthView = 'login' | 'signup' | 'forgot';

interface AuthModalApi {
  open: boolean;
  view: AuthView;
  /** Where a new account lands after signing up (default: the chat). */
  returnTo: string | null;
  openAuthModal: (view?: AuthView, returnTo?: string) => void;
  setView: (view: AuthView) => void;
  closeAuthModal: () => void;
}

/** Set while a new account signs in and heads for its destination, so no other redirect overtakes it. */
export const pendingSignUpDestination: { readonly current: string | null } = { current: null };

/** Outside React's state on purpose: the redirect that must wait reads it in the same render. */
export function setPendingSignUpDestination(path: string | null): void {
  (pendingSignUpDestination as { current: string | null }).current = path;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>('login');
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const openAuthModal = useCallback((next: AuthView = 'login', back?: string) => {
    setView(next);
    setReturnTo(back ?? null);
    setOpen(true);
  }, []);
  const closeAuthModal = useCallback(() => setOpen(false), []);
  const api = useMemo(
    () => ({ open, view, returnTo, openAuthModal, setView, closeAuthModal }),
    [open, view, returnTo, openAuthModal, closeAuthModal],
  );
  return <AuthModalContext.Provider value={api}>{children}</AuthModalContext.Provider>;
}

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal needs an AuthModalProvider');
  return api;
}
