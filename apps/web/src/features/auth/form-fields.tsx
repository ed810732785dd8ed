import { heardFromOptions } from '@sciwise/contracts';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, InputField, SelectField } from '../../components/ui/field.tsx';

// The fields and buttons that the sign-in, sign-up and password forms (and the account's personal
// details) ask for alike, each registered by its form.

/** The account's e-mail address. */
export function EmailField({ email, error }: { email: UseFormRegisterReturn; error: string | undefined }) {
  return <InputField label="E-mail" type="email" autoComplete="email" required error={error} {...email} />;
}

/** First and last name side by side (stacked on a phone). */
export function NameFields({
  firstName,
  firstNameError,
  lastName,
  lastNameError,
  required = true,
}: {
  firstName: UseFormRegisterReturn;
  firstNameError: string | undefined;
  lastName: UseFormRegisterReturn;
  lastNameError: string | undefined;
  /** Marked required where the form creates an account; the personal details page does not mark them. */
  required?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        label="First name"
        autoComplete="given-name"
        required={required}
        error={firstNameError}
        {...firstName}
      />
      <InputField
        label="Last name"
        autoComplete="family-name"
        required={required}
        error={lastNameError}
        {...lastName}
      />
    </div>
  );
}

export const heardFromLabels: Record<(typeof heardFromOptions)[number], string> = {
  google: 'Google search',
  linkedin: 'LinkedIn',
  friend: 'A friend or colleague',
  conference: 'A conference or event',
  article: 'An article or blog post',
  other: 'Somewhere else',
};

/** "How did you hear about us?": required on the sign-up form, optional after a provider's sign-in. */
export function HeardFromField({
  heardFrom,
  required,
  error,
}: {
  heardFrom: UseFormRegisterReturn;
  required: boolean;
  error?: string | undefined;
}) {
  return (
    <SelectField
      label={required ? 'How did you hear about us?' : 'How did you hear about us? (optional)'}
      required={required}
      error={error}
      {...heardFrom}
    >
      <option value="">Select an option</option>
      {heardFromOptions.map((option) => (
        <option key={option} value={option}>
          {heardFromLabels[option]}
        </option>
      ))}
    </SelectField>
  );
}

export const PRIVACY_LABEL = 'Yes, I understand and agree to the Privacy Policy';

/** The privacy agreement and the newsletter choice, as both sign-up forms ask for them. */
export function ConsentFields({
  privacy,
  privacyError,
  newsletter,
}: {
  privacy: UseFormRegisterReturn;
  privacyError: string | undefined;
  newsletter: UseFormRegisterReturn;
}) {
  return (
    <>
      <CheckboxField
        label={
          <>
            {PRIVACY_LABEL}{' '}
            <Link to="/privacy-policy" target="_blank" className="font-medium text-brand-700 underline">
              (read it)
            </Link>
          </>
        }
        error={privacyError}
        {...privacy}
      />
      <CheckboxField
        label="Send me occasional e-mails about new experts, features and research tips"
        {...newsletter}
      />
    </>
  );
}

/** The form's full-width submit button, saying what it does while it is busy. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: string;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy} loading={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** A quiet button that reads as a link, e.g. "Forgot your password?". */
export function TextButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
    </button>
  );
}
