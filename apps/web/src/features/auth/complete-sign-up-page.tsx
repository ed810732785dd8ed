import { zodResolver } from '@hookform/resolvers/zod';
import {
  completeSignUpResponseSchema,
  heardFromSchema,
  pendingSignUpSchema,
  type PendingSignUp,
} from '@sciwise/contracts';
import { completeSignUpRequestSchema } from '@sciwise/contracts/phone';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiRequest, errorMessage, isApiError } from '../../lib/api-client.ts';
import { PageHero } from '../../components/page-hero.tsx';
import {
  checkPhoneParts,
  phoneFormDefaults,
  phoneFormFields,
  phoneNumberOf,
  PhoneNumberFields,
} from './phone-fields.tsx';
import { ConsentFields, HeardFromField, NameFields, SubmitButton } from './form-fields.tsx';

const pendingQuery = {
  queryKey: ['auth', 'pending-sign-up'],
  queryFn: () => apiRequest('/api/auth/sign-up', { schema: pendingSignUpSchema }),
  retry: false,
  staleTime: Infinity,
} as const;

const shape = completeSignUpRequestSchema.shape;
const formSchema = z
  .object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    ...phoneFormFields,
    heardFrom: z.union([heardFromSchema, z.literal('')]),
    privacyAccepted: z
      .boolean()
      .refine((value) => value, 'Please agree to the Privacy Policy to create your account.'),
    newsletterOptIn: z.boolean(),
  })
  .superRefine(checkPhoneParts);

function FinishForm({ pending }: { pending: PendingSignUp }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      firstName: pending.firstName,
      lastName: pending.lastName,
      ...phoneFormDefaults,
      heardFrom: '' as const,
      privacyAccepted: false,
      newsletterOptIn: false,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await apiRequest('/api/auth/sign-up', {
        method: 'POST',
        schema: completeSignUpResponseSchema,
        body: {
          firstName: values.firstName,
          lastName: values.lastName,
          phoneNumber: phoneNumberOf(values),
          acceptTerms: true,
          ...(values.heardFrom ? { heardFrom: values.heardFrom } : {}),
          newsletterOptIn: values.newsletterOptIn,
        },
      });
      // A full load: every part of the app starts again with the new session cookie.
      window.location.assign(answer.redirectTo);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4"
      aria-label="Finish creating your account"
    >
      {serverError && <Alert>{serverError}</Alert>}
      <p className="text-sm text-slate-600">
        You signed in with {pending.provider.label} as{' '}
        <strong className="text-slate-900">{pending.email}</strong>. We need a few more details once; after
        this, {pending.provider.label} signs you straight in.
      </p>
      <NameFields
        firstName={register('firstName')}
        firstNameError={errors.firstName?.message}
        lastName={register('lastName')}
        lastNameError={errors.lastName?.message}
      />
      <PhoneNumberFields
        phoneCountry={register('phoneCountry')}
        localPhone={register('localPhone')}
        error={errors.localPhone?.message}
      />
      <HeardFromField heardFrom={register('heardFrom')} required={false} />
      <ConsentFields
        privacy={register('privacyAccepted')}
        privacyError={errors.privacyAccepted?.message}
        newsletter={register('newsletterOptIn')}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Creating...">
        Create Account
      </SubmitButton>
    </form>
  );
}

/** A person new to Sciwise, back from their provider: asked once for what the provider did not give. */
export function CompleteSignUpPage() {
  const pending = useQuery(pendingQuery);
  return (
    <>
      <PageHero eyebrow="Create Account" title="Finish creating your account" />
      <div className="mx-auto max-w-lg px-4 py-12">
        <div className="rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8">
          {pending.isPending ? (
            <Spinner label="Loading your details..." />
          ) : pending.isError ? (
            <div className="space-y-4">
              <Alert>
                {errorMessage(pending.error, 'We could not load your sign-up. Please try again.')}
              </Alert>
              <Link to="/" className={buttonClasses('secondary')}>
                Back to the home page
              </Link>
            </div>
          ) : (
            <FinishForm pending={pending.data} />
          )}
        </div>
      </div>
    </>
  );
}
