import {
  availabilities,
  BIO_MAX,
  BIO_MIN,
  HEADLINE_MAX,
  HEADLINE_MIN,
  RATE_MAX_MINOR,
  RATE_MIN_MINOR,
  type Availability,
} from '@sciwise/contracts';
import type { ComponentProps } from 'react';
import { CurrencyOptions } from '../../components/currency-options.tsx';
import { CheckboxField, InputField, SelectField } from '../../components/ui/field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { availabilityLabels } from './format.ts';
import { languageName } from './languages.ts';

// What an expert offers, as the application wizard and the profile's offer form both ask for it.
// The wizard registers its fields with react-hook-form and the offer form holds them in state, so
// each field takes the props that bind it (a `register` result or a value with its onChange).

type FixedProps = 'label' | 'maxLength' | 'hint';

export function HeadlineField(props: Omit<ComponentProps<typeof InputField>, FixedProps>) {
  return (
    <InputField
      label="Headline"
      maxLength={HEADLINE_MAX}
      hint={`At least ${HEADLINE_MIN} characters, e.g. "Biostatistician for oncology trials".`}
      {...props}
    />
  );
}

/** The bio, its hint counting what is written so far; `hintEnd` finishes the hint's sentence. */
export function BioField({
  bio,
  hintEnd,
  ...props
}: Omit<ComponentProps<typeof TextareaField>, FixedProps | 'limit'> & { bio: string; hintEnd: string }) {
  return (
    <TextareaField
      label="Bio"
      maxLength={BIO_MAX}
      hint={`At least ${BIO_MIN} characters (${bio.trim().length} so far)${hintEnd}`}
      {...props}
    />
  );
}

const rateRange = `Between ${(RATE_MIN_MINOR / 100).toLocaleString('en-US')} and ${(RATE_MAX_MINOR / 100).toLocaleString('en-US')} per hour.`;

/** The hourly rate and its currency side by side; `hintEnd` adds to the rate's hint. */
export function RateFields({
  rate,
  currency,
  error,
  hintEnd = '',
}: {
  rate: ComponentProps<'input'>;
  currency: ComponentProps<'select'>;
  error: string | undefined;
  hintEnd?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
      <InputField
        label="Hourly rate"
        type="number"
        inputMode="decimal"
        min={RATE_MIN_MINOR / 100}
        max={RATE_MAX_MINOR / 100}
        step="any"
        error={error}
        hint={`${rateRange}${hintEnd}`}
        {...rate}
      />
      <SelectField label="Currency" {...currency}>
        <CurrencyOptions />
      </SelectField>
    </div>
  );
}

/** A checkbox per language; `errorId` names the error's paragraph, which the group points to. */
export function LanguageCheckboxes({
  codes,
  selected,
  onChange,
  error,
  errorId,
}: {
  codes: readonly string[];
  selected: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  errorId?: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Languages you work in</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {codes.map((code) => (
          <CheckboxField
            key={code}
            label={languageName(code)}
            checked={selected.includes(code)}
            aria-invalid={error ? true : undefined}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...selected, code] : selected.filter((language) => language !== code),
              )
            }
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A radio per availability; `radio` gives the props that bind each one. */
export function AvailabilityRadios({
  radio,
}: {
  radio: (availability: Availability) => ComponentProps<'input'>;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Availability</legend>
      <div className="mt-2 space-y-2">
        {availabilities.map((availability) => (
          <label key={availability} className="flex items-center gap-2.5 text-sm text-slate-700">
            <input
              type="radio"
              value={availability}
              className="size-4 accent-brand-700"
              {...radio(availability)}
            />
            {availabilityLabels[availability]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
