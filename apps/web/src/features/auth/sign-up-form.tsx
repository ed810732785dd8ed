import { zodResolver } from '@hookform/resolvers/zod';
import { heardFromSchema } from '@sciwise/contracts';
import { signUpRequestSchema } from '@sciwise/contracts/phone';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { isApiError, NETWORK_ERROR } from '../../lib/api-client.ts';
import { setPendingSignUpDestination, useAuthModal } from './auth-modal-context.tsx';
import { ConsentFields, EmailField, HeardFromField, NameFields, SubmitButton } from './form-fields.tsx';
import { loginErrorText } from './login-form.tsx';
import {
  checkPhoneParts,
  phoneFormDefaults,
  phoneFormFields,
  phoneNumberOf,
  PhoneNumberFields,
} from './phone-fields.tsx';
import { signUp, useLogin } from './queries.ts';

export const SIGN_UP_SUCCESS = 'Account created successfully!';
export const ALREADY_REGISTERED_TITLE = 'Check your inbox';

/**
 * The server answers a sign-up alike whether or not the address already had an account (so it
 * tells nobody who has one); when the sign-in that follows refuses the password, that is why.
 */
export function alreadyRegisteredText(email: string): string {
  return `We could not sign you in with this password. If ${email} already has a Sciwise account, we have sent a message there with links to log in or reset your password.`;
}
const shape = signUpRequestSchema.shape;

/** The contract's sign-up schema, with the phone split into country and number as the form shows it. */
const signUpFormSchema = z
  .object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    email: shape.email,
    ...phoneFormFields,
    password: shape.password,
    heardFrom: z
      .union([heardFromSchema, z.literal('')])
      .refine((value) => value !== '', 'Choose how you heard about us.'),
    privacyAccepted: z
      .boolean()
      .refine((value) => value, 'Please agree to the Privacy Policy to create an account.'),
    newsletterOptIn: z.boolean(),
  })
  .superRefine(checkPhoneParts);

type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormOutput = z.output<typeof signUpFormSchema>;

const serverFieldToFormField: Record<string, keyof SignUpFormInput> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phoneNumber: 'localPhone',
  password: 'password',
  heardFrom: 'heardFrom',
};

export function SignUpForm() {
  const { closeAuthModal, returnTo, setView } = useAuthModal();
  const { notify } = useToast();
  const navigate = useNavigate();
  const login = useLogin();
  const inFlight = useRef(false);
  const [creating, setCreating] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      ...phoneFormDefaults,
      password: '',
      heardFrom: '',
      privacyAccepted: false,
      newsletterOptIn: false,
    },
  });

  // Called from the submit event, never while rendering (it reads the in-flight ref).
  const createAccount = async (form: SignUpFormOutput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setCreating(true);
    setServerError(null);
    setAlreadyRegistered(null);
    const email = form.email.trim();
    try {
      await signUp({
        email,
        firstName: form.firstName,
        lastName: form.lastName,
        phoneNumber: phoneNumberOf(form),
        password: form.password,
        heardFrom: form.heardFrom,
        newsletterOptIn: form.newsletterOptIn,
      });
    } catch (error) {
      if (isApiError(error)) {
        setServerError(
          `Error: ${error.status === 0 ? NETWORK_ERROR : error.message || 'Registration Failed'}`,
        );
        for (const detail of error.details) {
          const field = serverFieldToFormField[detail.field];
          if (field) setError(field, { message: detail.message });
        }
      } else {
        setServerError(`Error: ${NETWORK_ERROR}`);
      }
      inFlight.current = false;
      setCreating(false);
      return;
    }
    setSigningIn(true);
    const destination = returnTo ?? '/chat';
    setPendingSignUpDestination(destination);
    try {
      await login({ email, password: form.password });
      notify(SIGN_UP_SUCCESS);
      closeAuthModal();
      await navigate(destination);
    } catch (error) {
      if (isApiError(error) && error.code === 'unauthenticated') setAlreadyRegistered(email);
      else setServerError(`We could not sign you in just now: ${loginErrorText(error)} Please log in.`);
    } finally {
      setPendingSignUpDestination(null);
      inFlight.current = false;
      setCreating(false);
      setSigningIn(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(createAccount)(event)}
      noValidate
      className="space-y-4"
      aria-label="Create Account"
    >
      {serverError && <Alert>{serverError}</Alert>}
      {alreadyRegistered && (
        <Alert
          tone="info"
          title={ALREADY_REGISTERED_TITLE}
          action={
            <Button size="sm" variant="secondary" onClick={() => setView('login')}>
              Log in
            </Button>
          }
        >
          {alreadyRegisteredText(alreadyRegistered)}
        </Alert>
      )}
      {signingIn && <Alert tone="info">Signing you in...</Alert>}
      <NameFields
        firstName={register('firstName')}
        firstNameError={errors.firstName?.message}
        lastName={register('lastName')}
        lastNameError={errors.lastName?.message}
      />
      <EmailField email={register('email')} error={errors.email?.message} />
      <PhoneNumberFields
        phoneCountry={register('phoneCountry')}
        localPhone={register('localPhone')}
        error={errors.localPhone?.message}
      />
      <InputField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        error={errors.password?.message}
        {...register('password')}
      />
      <HeardFromField heardFrom={register('heardFrom')} required error={errors.heardFrom?.message} />
      <ConsentFields
        privacy={register('privacyAccepted')}
        privacyError={errors.privacyAccepted?.message}
        newsletter={register('newsletterOptIn')}
      />
      {/*
        Spec §5 kept the button disabled until every field was filled, with no word on what was
        missing (issue #16): it stays enabled, and a submit with gaps marks each field that needs
        something, its message under it, and moves the focus to the first.
      */}
      <SubmitButton busy={creating} busyLabel="Creating...">
        Create Account
      </SubmitButton>
    </form>
  );
}
