import {
  expertProfileEditSchema,
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
import { SelectField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { CountryOptions } from './country-options.tsx';
import { commonLanguages } from './languages.ts';
import {
  AvailabilityRadios,
  BioField,
  HeadlineField,
  LanguageCheckboxes,
  RateFields,
} from './offer-fields.tsx';
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
        <HeadlineField
          value={values.headline}
          onChange={(event) => set('headline', event.target.value)}
          error={problemOf('headline')}
        />
        <BioField
          id="offer-bio"
          rows={7}
          bio={values.bio}
          hintEnd="."
          value={values.bio}
          onChange={(event) => set('bio', event.target.value)}
          error={problemOf('bio')}
        />
        <RateFields
          rate={{ value: values.rate, onChange: (event) => set('rate', event.target.value) }}
          currency={{
            value: values.currency,
            onChange: (event) => set('currency', event.target.value as RateCurrency),
          }}
          error={problemOf('hourlyRateMinor')}
          hintEnd=" Quotes already sent keep their price."
        />
        <SelectField
          label="Country you work from"
          value={values.country}
          onChange={(event) => set('country', event.target.value)}
          error={problemOf('country')}
        >
          <CountryOptions />
        </SelectField>
        <LanguageCheckboxes
          codes={languages}
          selected={values.languages}
          onChange={(next) => set('languages', next)}
          error={problemOf('languages')}
          errorId="offer-languages-error"
        />
        <AvailabilityRadios
          radio={(availability) => ({
            name: 'offer-availability',
            checked: values.availability === availability,
            onChange: () => set('availability', availability),
          })}
        />
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
