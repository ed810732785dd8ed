import { zodResolver } from '@hookform/resolvers/zod';
import { personNameSchema } from '@sciwise/contracts';
import { checkPhoneNumber } from '@sciwise/contracts/phone';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { NameFields } from '../auth/form-fields.tsx';
import { useSignedInUser } from '../auth/queries.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { AvatarCard } from './avatar-card.tsx';
import { useUpdateProfile } from './queries.ts';

/**
 * The phone is checked by the contract's rule when it changes: a number stored before that rule
 * (issue #16) stays as it is while someone edits only their name.
 */
const detailsSchema = (storedPhone: string) =>
  z.object({
    firstName: personNameSchema('first name'),
    lastName: personNameSchema('last name'),
    phoneNumber: z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === '' || value === storedPhone) return null;
        const phone = checkPhoneNumber(value);
        if (phone.ok) return phone.e164;
        context.addIssue({ code: 'custom', message: phone.message });
        return z.NEVER;
      }),
  });

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
    resolver: zodResolver(detailsSchema(user.phoneNumber ?? '')),
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
        ...(values.phoneNumber === null ? {} : { phoneNumber: values.phoneNumber }),
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
        <NameFields
          firstName={register('firstName')}
          firstNameError={errors.firstName?.message}
          lastName={register('lastName')}
          lastNameError={errors.lastName?.message}
          required={false}
        />
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
