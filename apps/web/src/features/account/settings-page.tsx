import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequestSchema, type SessionInfo } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField, InputField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useForgetSession, useSignedInUser } from '../auth/queries.ts';
import { BillingEntityCard } from '../documents/billing-entity-card.tsx';
import { NotificationSettingsCard } from '../notifications/notification-settings-card.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { SignInMethodsCard } from './sign-in-methods-card.tsx';
import {
  deleteAccount,
  sessionsQuery,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useUpdateProfile,
} from './queries.ts';

function NewsletterCard() {
  const user = useSignedInUser();
  const update = useUpdateProfile();
  return (
    <Card
      title="E-mail preferences"
      description="Account and payment e-mails are always sent."
      id="newsletter"
    >
      <CheckboxField
        label="Send me occasional e-mails about new experts, features and research tips"
        checked={update.isPending ? Boolean(update.variables?.newsletterOptIn) : user.newsletterOptIn}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ newsletterOptIn: event.target.checked })}
      />
      {update.isError && <Alert className="mt-4">{errorMessage(update.error)}</Alert>}
      {update.isSuccess && (
        <Alert tone="success" className="mt-4">
          {user.newsletterOptIn
            ? 'You are subscribed to the newsletter.'
            : 'You will no longer receive the newsletter.'}
        </Alert>
      )}
    </Card>
  );
}

const passwordFormSchema = changePasswordRequestSchema
  .extend({ confirm: z.string(), signOutOtherSessions: z.boolean() })
  .refine((values) => values.newPassword === values.confirm, {
    path: ['confirm'],
    message: 'The two new passwords are not the same.',
  });

function PasswordCard() {
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '', signOutOtherSessions: true },
  });
  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    setServerError(null);
    try {
      const answer = await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        signOutOtherSessions: values.signOutOtherSessions,
      });
      setDone(answer.message);
      reset();
    } catch (error) {
      setServerError(errorMessage(error));
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (detail.field === 'currentPassword' || detail.field === 'newPassword')
            setError(detail.field, { message: detail.message });
          if (detail.field === 'password') setError('newPassword', { message: detail.message });
        }
      }
    }
  });
  return (
    <Card
      title="Change password"
      description="Use at least 8 characters that you don't use anywhere else."
      id="password"
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="space-y-4"
        aria-label="Change password"
      >
        {serverError && <Alert>{serverError}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <InputField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <InputField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
        </div>
        <CheckboxField label="Sign out every other device" {...register('signOutOtherSessions')} />
        <Button type="submit" disabled={change.isPending} loading={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="text-sm font-medium text-slate-900">
          {describeDevice(session.userAgent)}
          {session.current && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              This device
            </span>
          )}
        </p>
        <p className="text-xs text-slate-600">
          Signed in {formatDate(session.createdAt)} · last active {formatDate(session.lastSeenAt)}
          {session.ipAddress ? ` · ${session.ipAddress}` : ''}
        </p>
        {end.isError && (
          <p className="text-xs font-medium text-danger-700" role="alert">
            {errorMessage(end.error)}
          </p>
        )}
      </div>
      {!session.current && (
        <Button
          size="sm"
          variant="secondary"
          loading={end.isPending}
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const sessions = useQuery(sessionsQuery);
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <Card title="Where you're signed in" description="Sign out devices you don't recognise." id="sessions">
      {sessions.isPending ? (
        <Spinner label="Loading your sessions..." />
      ) : sessions.isError ? (
        <RetryAlert onRetry={sessions.refetch}>
          {errorMessage(sessions.error, 'We could not load your sessions.')}
        </RetryAlert>
      ) : (
        <>
          <ul className="divide-y divide-slate-200" aria-label="Active sessions">
            {sessions.data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 && (
            <Button
              className="mt-4"
              variant="secondary"
              loading={endOthers.isPending}
              disabled={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              Sign out all other devices
            </Button>
          )}
          {endOthers.isError && <Alert className="mt-4">{errorMessage(endOthers.error)}</Alert>}
        </>
      )}
    </Card>
  );
}

function DeleteAccountCard() {
  const user = useSignedInUser();
  const forget = useForgetSession();
  const navigate = useNavigate();
  const { notify } = useToast();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!secret.trim()) {
      setProblem(
        user.hasPassword ? 'Enter your password to confirm.' : 'Type your e-mail address to confirm.',
      );
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await deleteAccount(
        user.hasPassword ? { password: secret } : { confirmEmail: secret.trim() },
      );
      setOpen(false);
      forget();
      notify(answer.message, 'info');
      await navigate('/', { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Delete account"
      description="Your profile, sessions and picture are removed. Messages and payment records others depend on are kept anonymised."
      id="delete"
      className="border-danger-600/30"
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          setSecret('');
          setProblem(null);
        }}
        title="Delete your account?"
        showTitle
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <p className="text-sm text-slate-700">
            This cannot be undone. You will be signed out on every device.
          </p>
          {problem && <Alert>{problem}</Alert>}
          <InputField
            label={user.hasPassword ? 'Your password' : 'Your e-mail address'}
            type={user.hasPassword ? 'password' : 'email'}
            autoComplete={user.hasPassword ? 'current-password' : 'email'}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" loading={busy} disabled={busy}>
              {busy ? 'Deleting...' : 'Delete permanently'}
            </Button>
          </div>
        </form>
      </Modal>
    </Card>
  );
}

export function SettingsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Account Setting">Signed in as {user.email}</PageHeading>
      <div className="grid gap-6">
        <NewsletterCard />
        <NotificationSettingsCard />
        <BillingEntityCard />
        {user.hasPassword && <PasswordCard />}
        <SignInMethodsCard />
        <SessionsCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
