import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema } from '@sciwise/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { PageHero } from '../../components/page-hero.tsx';
import { useAuthModal } from './auth-modal-context.tsx';
import { SubmitButton } from './form-fields.tsx';
import { resetPassword } from './queries.ts';

const resetFormSchema = z
  .object({ password: resetPasswordRequestSchema.shape.password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords are not the same.',
  });

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { openAuthModal } = useAuthModal();
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await resetPassword({ token, password: values.password });
      setDone(answer.message);
    } catch (error) {
      setServerError(errorMessage(error));
      const detail = (error as { details?: { field: string; message: string }[] }).details?.find(
        (item) => item.field === 'password',
      );
      if (detail) setError('password', { message: detail.message });
    }
  });

  return (
    <>
      <PageHero eyebrow="Account" title="Choose a new password" />
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8">
          {!token ? (
            <div className="space-y-4">
              <Alert>
                This reset link is incomplete. Please open the link from the e-mail again, or ask for a new
                one.
              </Alert>
              <Button onClick={() => openAuthModal('forgot')}>Send me a new link</Button>
            </div>
          ) : done ? (
            <div className="space-y-4">
              <Alert tone="success">{done}</Alert>
              <Button onClick={() => openAuthModal('login')}>Log in</Button>
            </div>
          ) : (
            <form
              onSubmit={(event) => void onSubmit(event)}
              noValidate
              className="space-y-4"
              aria-label="Choose a new password"
            >
              {serverError && <Alert>{serverError}</Alert>}
              <p className="text-sm text-slate-600">
                Use at least 8 characters. Once it is changed, every device signed in to your account is
                signed out.
              </p>
              <InputField
                label="New password"
                type="password"
                autoComplete="new-password"
                required
                error={errors.password?.message}
                {...register('password')}
              />
              <InputField
                label="Repeat the new password"
                type="password"
                autoComplete="new-password"
                required
                error={errors.confirm?.message}
                {...register('confirm')}
              />
              <SubmitButton busy={isSubmitting} busyLabel="Saving...">
                Save new password
              </SubmitButton>
              {serverError && (
                <button
                  type="button"
                  onClick={() => openAuthModal('forgot')}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  Ask for a new link
                </button>
              )}
            </form>
          )}
        </div>
      </div>
    </>
  );
}
