import {
  callingCodeOf,
  checkPhoneNumber,
  countryNameOf,
  DEFAULT_PHONE_COUNTRY,
  phoneCountries,
  phoneCountrySchema,
  type PhoneCountry,
} from '@sciwise/contracts/phone';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { InputField, SelectField } from '../../components/ui/field.tsx';

/** Every country with its calling code, by name: "Germany (+49)". */
const countryOptions = phoneCountries
  .map((country) => ({ country, label: `${countryNameOf(country)} (${callingCodeOf(country)})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

/** The phone as the sign-up forms ask for it: a country and the number as dialled there. */
export const phoneFormFields = {
  phoneCountry: phoneCountrySchema,
  localPhone: z.string(),
};

export const phoneFormDefaults = { phoneCountry: DEFAULT_PHONE_COUNTRY, localPhone: '' } as const;

/** The contract's phone rule on the two parts together, its message under the number. */
export function checkPhoneParts(
  values: { phoneCountry: PhoneCountry; localPhone: string },
  context: z.RefinementCtx,
): void {
  const phone = checkPhoneNumber(values.localPhone, values.phoneCountry);
  if (!phone.ok) context.addIssue({ code: 'custom', path: ['localPhone'], message: phone.message });
}

/** The number in E.164, as the server stores it (the form has checked it already). */
export function phoneNumberOf(values: { phoneCountry: PhoneCountry; localPhone: string }): string {
  const phone = checkPhoneNumber(values.localPhone, values.phoneCountry);
  return phone.ok ? phone.e164 : values.localPhone;
}

/** Country and number side by side (stacked on a phone), under one "Phone number" legend. */
export function PhoneNumberFields({
  phoneCountry,
  localPhone,
  error,
}: {
  phoneCountry: UseFormRegisterReturn;
  localPhone: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Phone number</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SelectField
          label={<span className="sr-only">Country</span>}
          wrapperClassName="space-y-0 sm:w-56 sm:shrink-0"
          autoComplete="tel-country-code"
          {...phoneCountry}
        >
          {countryOptions.map((option) => (
            <option key={option.country} value={option.country}>
              {option.label}
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
          error={error}
          {...localPhone}
        />
      </div>
    </fieldset>
  );
}
