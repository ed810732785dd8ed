import {
  BIO_MAX,
  HEADLINE_MAX,
  availabilities,
  BIO_MIN,
  expertProfileEditSchema,
  HEADLINE_MIN,
  RATE_MAX_MINOR,
  RATE_MIN_MINOR,
  rateCurrencies,
  type Availability,
  type ExpertProfileEdit,
  type MyExpertProfile,
  type RateCurrency,
} from '@sciwise/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField, controlClasses, InputField, SelectField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { availabilityLabels, countryOptions } from './format.ts';
import { commonLanguages, languageName } from './languages.ts';
import { useSaveExpertProfile } from './profile-edit-queries.ts';

interface OfferValues {
  headline: string;
  bio: string;
  rate: string;
  currency: RateCurrency;
  country: string;
  languages: string[];
  availability: Availability;
}

const toValues = (profile: MyExpertProfile): OfferValues => ({
  headline: profile.headline,
  bio: profile.bio,
  rate: String(profile.hourlyRateMinor / 100),
  currency: profile.currency,
  country: profile.country,
  languages: profile.languages,
  availability: profile.availability,
});

type Problems = Partial<Record<keyof ExpertProfileEdit, string>>;

/** The body to send and, by field, what the contract refuses in it (the server checks the same). */
function checked(values: OfferValues): { body: ExpertProfileEdit; problems: Problems } {
  const rate = Number(values.rate.trim());
  const body: ExpertProfileEdit = {
    headline: values.headline,
    bio: values.bio,
    hourlyRateMinor: values.rate.trim() && Number.isFinite(rate) ? Math.round(rate * 100) : Number.NaN,
    currency: values.currency,
    country: values.country,
    languages: values.languages,
    availability: values.availability,
  };
  const problems: Problems = {};
  const result = expertProfileEditSchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof ExpertProfileEdit;
      problems[field] ??= issue.message;
    }
  }
  if (Number.isNaN(body.hourlyRateMinor)) problems.hourlyRateMinor = 'Enter your hourly rate as a number.';
  return { body, problems };
}

/** Headline, bio, rate, country, languages, availability: public as soon as they are saved. */
export function OfferForm({ profile }: { profile: MyExpertProfile }) {
  const [values, setValues] = useState(() => toValues(profile));
  const [showProblems, setShowProblems] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveExpertProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof OfferValues>(key: K, value: OfferValues[K]) => {
    setNotice(null);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const { body, problems } = checked(values);
  const problemOf = (field: keyof ExpertProfileEdit) => (showProblems ? problems[field] : undefined);
  const languages = [...new Set([...commonLanguages, ...values.languages])];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      window.requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    save.mutate(body, {
      onSuccess: () => setNotice('Saved. Your public profile and search results show it now.'),
    });
  };

  return (
    <Card id="offer" title="Your offer" description="Changes here are public as soon as you save them.">
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        <InputField
          label="Headline"
          value={values.headline}
          maxLength={HEADLINE_MAX}
          onChange={(event) => set('headline', event.target.value)}
          error={problemOf('headline')}
          hint={`At least ${HEADLINE_MIN} characters, e.g. "Biostatistician for oncology trials".`}
        />
        <div className="space-y-1.5">
          <label htmlFor="offer-bio" className="block text-sm font-medium text-slate-800">
            Bio
          </label>
          <textarea
            id="offer-bio"
            rows={7}
            maxLength={BIO_MAX}
            value={values.bio}
            onChange={(event) => set('bio', event.target.value)}
            aria-invalid={problemOf('bio') ? true : undefined}
            aria-describedby={problemOf('bio') ? 'offer-bio-error' : 'offer-bio-hint'}
            className={controlClasses(Boolean(problemOf('bio')))}
          />
          {problemOf('bio') ? (
            <p id="offer-bio-error" className="text-xs font-medium text-danger-700">
              {problemOf('bio')}
            </p>
          ) : (
            <p id="offer-bio-hint" className="text-xs text-slate-600">
              At least {BIO_MIN} characters ({values.bio.trim().length} so far).
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <InputField
            label="Hourly rate"
            type="number"
            inputMode="decimal"
            min={RATE_MIN_MINOR / 100}
            max={RATE_MAX_MINOR / 100}
            step="any"
            value={values.rate}
            onChange={(event) => set('rate', event.target.value)}
            error={problemOf('hourlyRateMinor')}
            hint={`Between ${(RATE_MIN_MINOR / 100).toLocaleString('en-US')} and ${(RATE_MAX_MINOR / 100).toLocaleString('en-US')} per hour. Quotes already sent keep their price.`}
          />
          <SelectField
            label="Currency"
            value={values.currency}
            onChange={(event) => set('currency', event.target.value as RateCurrency)}
          >
            {rateCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          label="Country you work from"
          value={values.country}
          onChange={(event) => set('country', event.target.value)}
          error={problemOf('country')}
        >
          {countryOptions().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <fieldset aria-describedby={problemOf('languages') ? 'offer-languages-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Languages you work in</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {languages.map((code) => (
              <CheckboxField
                key={code}
                label={languageName(code)}
                checked={values.languages.includes(code)}
                aria-invalid={problemOf('languages') ? true : undefined}
                onChange={(event) =>
                  set(
                    'languages',
                    event.target.checked
                      ? [...values.languages, code]
                      : values.languages.filter((language) => language !== code),
                  )
                }
              />
            ))}
          </div>
          {problemOf('languages') && (
            <p id="offer-languages-error" className="mt-1.5 text-xs font-medium text-danger-700">
              {problemOf('languages')}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Availability</legend>
          <div className="mt-2 space-y-2">
            {availabilities.map((availability) => (
              <label key={availability} className="flex items-center gap-2.5 text-sm text-slate-700">
                <input
                  type="radio"
                  name="offer-availability"
                  value={availability}
                  checked={values.availability === availability}
                  onChange={() => set('availability', availability)}
                  className="size-4 accent-brand-700"
                />
                {availabilityLabels[availability]}
              </label>
            ))}
          </div>
        </fieldset>
        {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
        {notice && (
          <Alert tone="success">
            {notice}{' '}
            <Link to={`/experts/${encodeURIComponent(profile.slug)}`} className="font-medium underline">
              View your public profile
            </Link>
          </Alert>
        )}
        <div className="flex justify-end border-t border-slate-200 pt-5">
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
