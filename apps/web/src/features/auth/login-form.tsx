import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@sciwise/contracts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAuthModal } from './auth-modal-context.tsx';
import { EmailField, SubmitButton, TextButton } from './form-fields.tsx';
import { useLogin } from './queries.ts';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_UNKNOWN_ERROR = 'An unknown error occurred during login';

export function loginErrorText(error: unknown): string {
  if (isApiError(error)) return error.message || LOGIN_FAILED;
  return LOGIN_UNKNOWN_ERROR;
}

export function LoginForm() {
  const { closeAuthModal, setView } = useAuthModal();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });

  // Called from the submit event, never while rendering (it reads the in-flight ref).
  const signIn = async (values: LoginRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      await login(values);
      closeAuthModal();
    } catch (error) {
      setServerError(loginErrorText(error));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(signIn)(event)}
      noValidate
      className="space-y-4"
      aria-label="Login"
    >
      {serverError && <Alert>{serverError}</Alert>}
      <EmailField email={register('email')} error={errors.email?.message} />
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex justify-end">
        <TextButton onClick={() => setView('forgot')}>Forgot your password?</TextButton>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Logging in...">
        Log in
      </SubmitButton>
    </form>
  );
}
