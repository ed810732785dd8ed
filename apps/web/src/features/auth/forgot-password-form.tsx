import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@sciwise/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { requestPasswordReset } from './queries.ts';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await requestPasswordReset(values);
      setSent(answer.message);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Enter the e-mail address of your account. We will send you a link to choose a new password; it works
        once and expires after a short while.
      </p>
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="space-y-4"
          aria-label="Reset your password"
        >
          {serverError && <Alert>{serverError}</Alert>}
          <InputField
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} loading={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        Back to login
      </button>
    </div>
  );
}
