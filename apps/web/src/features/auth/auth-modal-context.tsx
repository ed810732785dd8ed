import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthView = 'login' | 'signup' | 'forgot';

interface AuthModalApi {
  open: boolean;
  view: AuthView;
  openAuthModal: (view?: AuthView) => void;
  setView: (view: AuthView) => void;
  closeAuthModal: () => void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>('login');
  const openAuthModal = useCallback((next: AuthView = 'login') => {
    setView(next);
    setOpen(true);
  }, []);
  const closeAuthModal = useCallback(() => setOpen(false), []);
  const api = useMemo(
    () => ({ open, view, openAuthModal, setView, closeAuthModal }),
    [open, view, openAuthModal, closeAuthModal],
  );
  return <AuthModalContext.Provider value={api}>{children}</AuthModalContext.Provider>;
}

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal needs an AuthModalProvider');
  return api;
}
