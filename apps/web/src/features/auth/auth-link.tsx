import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthModal, type AuthView } from './auth-modal-context.tsx';

const views: readonly AuthView[] = ['login', 'signup', 'forgot'];
const isView = (value: string | null): value is AuthView => views.includes(value as AuthView);

/**
 * Opens the account modal from a link such as /?auth=login or /?auth=forgot (e-mails link there),
 * then drops the parameter so a reload or a shared address does not open it again.
 */
export function AuthLinkOpener() {
  const [params, setParams] = useSearchParams();
  const { openAuthModal } = useAuthModal();
  const view = params.get('auth');
  useEffect(() => {
    if (!isView(view)) return;
    openAuthModal(view);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('auth');
        return next;
      },
      { replace: true },
    );
  }, [view, openAuthModal, setParams]);
  return null;
}
