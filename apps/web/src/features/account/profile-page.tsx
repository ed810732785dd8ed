import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_MAX_BYTES, avatarMimeTypes, personNameSchema, phoneNumberSchema } from '@sciwise/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useRemoveAvatar, useUpdateProfile, useUploadAvatar } from './queries.ts';

const detailsSchema = z.object({
  firstName: personNameSchema('first name'),
  lastName: personNameSchema('last name'),
  phoneNumber: z.union([z.literal(''), phoneNumberSchema]),
});

function AvatarCard() {
  const user = useSignedInUser();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setNotice(null);
    if (!file) return;
    if (!(avatarMimeTypes as readonly string[]).includes(file.type)) {
      setProblem('Profile pictures must be PNG, JPEG or WebP images.');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem('That picture is larger than 2 MB. Please choose a smaller one.');
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => setNotice('Your profile picture has been updated.'),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Card
      title="Profile picture"
      description="PNG, JPEG or WebP, up to 2 MB. Without one, we show your initials."
      id="avatar"
    >
      <div className="flex flex-wrap items-center gap-5">
        <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="xl" decorative={false} />
        <div className="flex flex-wrap gap-3">
          <input
            ref={inputRef}
            type="file"
            accept={avatarMimeTypes.join(',')}
            className="sr-only"
            id="avatar-file"
            aria-label="Choose a profile picture"
            onChange={onPick}
          />
          <Button
            onClick={() => inputRef.current?.click()}
            loading={upload.isPending}
            disabled={upload.isPending}
          >
            {upload.isPending ? 'Uploading...' : user.avatarUrl ? 'Change picture' : 'Upload picture'}
          </Button>
          {user.avatarUrl && (
            <Button
              variant="secondary"
              loading={remove.isPending}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => setNotice('Your profile picture has been removed.'),
                  onError: (error) => setProblem(errorMessage(error)),
                })
              }
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      {problem && <Alert className="mt-4">{problem}</Alert>}
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
    </Card>
  );
}

function DetailsForm() {
  const user = useSignedInUser();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    setServerError(null);
    try {
      const updated = await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}),
      });
      reset({
        firstName: updated.firstName,
        lastName: updated.lastName,
        phoneNumber: updated.phoneNumber ?? '',
      });
      setSaved(true);
    } catch (error) {
      setServerError(errorMessage(error));
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (detail.field === 'firstName' || detail.field === 'lastName' || detail.field === 'phoneNumber') {
            setError(detail.field, { message: detail.message });
          }
        }
      }
    }
  });

  return (
    <Card title="Personal details" description="Your name is shown to the people you work with." id="details">
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="space-y-4"
        aria-label="Personal details"
      >
        {serverError && <Alert>{serverError}</Alert>}
        {saved && <Alert tone="success">Your details have been saved.</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <InputField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <InputField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="With the country code, e.g. +44 7700 900123. Never shown to other members."
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <InputField label="E-mail" value={user.email} readOnly disabled hint="Your sign-in address." />
        <Button type="submit" disabled={!isDirty || update.isPending} loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
    </Card>
  );
}

export function ProfilePage() {
  const user = useSignedInUser();
  const since = new Date(user.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long' });
  return (
    <>
      <PageHeading
        title="Profile"
        actions={
          <ButtonLink to="/profile/settings" variant="secondary">
            Account Setting
          </ButtonLink>
        }
      >
        {user.name} · member since {since}
      </PageHeading>
      <div className="grid gap-6">
        <AvatarCard />
        <DetailsForm />
      </div>
    </>
  );
}
