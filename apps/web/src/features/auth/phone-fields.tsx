import { phoneNumberSchema } from '@sciwise/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { InputField, SelectField } from '../../components/ui/field.tsx';

export const countryCodes = [
  { code: '+1', country: 'US' },
  { code: '+44', country: 'UK' },
  { code: '+49', country: 'DE' },
  { code: '+33', country: 'FR' },
  { code: '+98', country: 'IR' },
] as const;

/** The phone as the sign-up forms ask for it: a country code and the number, checked as one below. */
export const phoneFormFields = {
  countryCode: z.enum(countryCodes.map((entry) => entry.code) as [string, ...string[]]),
  localPhone: z
    .string()
    .trim()
    .min(1, 'Enter your phone number.')
    .regex(/^[\d\s().-]+$/, 'Use digits only, e.g. 555 010 0199.'),
};

/** The contract's phone rule on the two parts together, its message under the number. */
export function checkPhoneParts(
  values: { countryCode: string; localPhone: string },
  context: z.RefinementCtx,
): void {
  const phone = phoneNumberSchema.safeParse(`${values.countryCode} ${values.localPhone}`);
  if (!phone.success)
    context.addIssue({
      code: 'custom',
      path: ['localPhone'],
      message: phone.error.issues[0]?.message ?? 'Check the number.',
    });
}

/** Country code and number side by side, under one "Phone number" legend. */
export function PhoneNumberFields({
  countryCode,
  localPhone,
  error,
}: {
  countryCode: UseFormRegisterReturn;
  localPhone: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Phone number</legend>
      <div className="flex gap-2">
        <SelectField
          label={<span className="sr-only">Country code</span>}
          wrapperClassName="w-32 shrink-0 space-y-0"
          autoComplete="tel-country-code"
          {...countryCode}
        >
          {countryCodes.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.code} ({entry.country})
            </option>
          ))}
        </SelectField>
        <InputField
          label={<span className="sr-only">Phone number</span>}
          wrapperClassName="flex-1 space-y-0"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          placeholder="555 010 0199"
          error={error}
          {...localPhone}
        />
      </div>
    </fieldset>
  );
}
