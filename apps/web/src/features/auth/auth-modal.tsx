import { Modal } from '../../components/ui/modal.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useAuthModal, type AuthView } from './auth-modal-context.tsx';
import { ExternalSignInButtons } from './external-sign-in.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const tabs = [
  { value: 'login', label: 'Login' },
  { value: 'signup', label: 'Create Account' },
] as const satisfies readonly { value: AuthView; label: string }[];

export function AuthModal() {
  const { open, view, setView, closeAuthModal, returnTo } = useAuthModal();
  const title = view === 'signup' ? 'Create Account' : view === 'forgot' ? 'Reset your password' : 'Login';
  return (
    <Modal open={open} onClose={closeAuthModal} title={title} showTitle={view === 'forgot'}>
      {view === 'forgot' ? (
        <ForgotPasswordForm onBack={() => setView('login')} />
      ) : (
        <>
          <p className="mb-5 pr-8 text-lg font-semibold text-slate-900">Welcome to Sciwise</p>
          <ExternalSignInButtons returnTo={returnTo} />
          <Tabs label="Account" items={tabs} value={view} onChange={setView}>
            {view === 'login' ? <LoginForm /> : <SignUpForm />}
          </Tabs>
        </>
      )}
    </Modal>
  );
}
