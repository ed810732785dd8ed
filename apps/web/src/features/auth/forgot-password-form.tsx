import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@sciwise/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { EmailField, SubmitButton, TextButton } from './form-fields.tsx';
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
          <EmailField email={register('email')} error={errors.email?.message} />
          <SubmitButton busy={isSubmitting} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <TextButton onClick={onBack}>Back to login</TextButton>
    </div>
  );
}
