import {
  availabilities,
  BIO_MIN,
  expertCategories,
  expertCategoryLabels,
  HEADLINE_MIN,
  rateCurrencies,
  type Availability,
  type ExpertApplication,
  type ExpertApplicationDraft,
  type ExpertCategory,
  type RateCurrency,
} from '@sciwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, controlClasses, InputField, SelectField } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { availabilityLabels, commonLanguages, countryOptions, languageName } from './format.ts';
import {
  applicationQueryKey,
  saveApplicationDraft,
  subjectSuggestionsQuery,
  useApplicationTransition,
} from './queries.ts';

interface EducationRow {
  degree: string;
  institution: string;
  field: string;
  year: string;
}
interface PublicationRow {
  title: string;
  url: string;
  year: string;
}
interface Values {
  category: ExpertCategory | '';
  subjects: string[];
  headline: string;
  bio: string;
  education: EducationRow[];
  publications: PublicationRow[];
  orcid: string;
  rate: string;
  currency: RateCurrency;
  country: string;
  languages: string[];
  availability: Availability;
}

function toValues(application: ExpertApplication): Values {
  return {
    category: application.category ?? '',
    subjects: application.subjects,
    headline: application.headline ?? '',
    bio: application.bio ?? '',
    education: application.education.map((row) => ({
      degree: row.degree,
      institution: row.institution,
      field: row.field ?? '',
      year: row.year ? String(row.year) : '',
    })),
    publications: application.publications.map((row) => ({
      title: row.title,
      url: row.url ?? '',
      year: row.year ? String(row.year) : '',
    })),
    orcid: application.orcid ?? '',
    rate: application.hourlyRateMinor ? String(application.hourlyRateMinor / 100) : '',
    currency: application.currency,
    country: application.country ?? '',
    languages: application.languages,
    availability: application.availability,
  };
}

const year = (text: string) => (/^\d{4}$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** Only what is filled in and well-formed goes to the server, so a half-typed row never blocks autosave. */
function toDraft(values: Values): ExpertApplicationDraft {
  const rate = Number(values.rate);
  return {
    headline: values.headline,
    bio: values.bio,
    ...(values.category ? { category: values.category } : {}),
    subjects: values.subjects,
    ...(values.rate && Number.isFinite(rate) && rate > 0 ? { hourlyRateMinor: Math.round(rate * 100) } : {}),
    currency: values.currency,
    ...(values.country ? { country: values.country } : {}),
    languages: values.languages,
    education: values.education
      .filter((row) => row.degree.trim() && row.institution.trim())
      .map((row) => ({
        degree: row.degree.trim(),
        institution: row.institution.trim(),
        ...(row.field.trim() ? { field: row.field.trim() } : {}),
        ...(year(row.year) ? { year: year(row.year) } : {}),
      })),
    publications: values.publications
      .filter((row) => row.title.trim())
      .map((row) => ({
        title: row.title.trim(),
        ...(row.url.trim() ? { url: row.url.trim() } : {}),
        ...(year(row.year) ? { year: year(row.year) } : {}),
      })),
    orcid: values.orcid.trim() ? values.orcid.trim() : null,
    availability: values.availability,
  };
}

const stepTitles = [
  'Category & subjects',
  'Headline & bio',
  'Education & publications',
  'Rate, country & languages',
  'Availability & submit',
];
const fieldStep: Record<string, number> = {
  category: 0,
  subjects: 0,
  headline: 1,
  bio: 1,
  education: 2,
  publications: 2,
  orcid: 2,
  hourlyRateMinor: 3,
  currency: 3,
  country: 3,
  languages: 3,
  availability: 4,
};

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

function useAutosave(values: Values) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const lastSent = useRef(JSON.stringify(toDraft(values)));

  const save = useCallback(
    (next: Values) => {
      const draft = toDraft(next);
      const body = JSON.stringify(draft);
      chain.current = chain.current.then(async () => {
        if (body === lastSent.current) return true;
        setState('saving');
        try {
          const saved = await saveApplicationDraft(draft);
          lastSent.current = body;
          queryClient.setQueryData(applicationQueryKey, saved);
          setState('saved');
          setError(null);
          return true;
        } catch (failure) {
          setState('error');
          setError(errorMessage(failure, 'We could not save your changes.'));
          return false;
        }
      });
      return chain.current;
    },
    [queryClient],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => void save(values), 700);
    return () => window.clearTimeout(timer);
  }, [values, save]);

  return { state, error, flush: () => save(values) };
}

function ListEditor<T>({
  legend,
  rows,
  empty,
  onChange,
  render,
  addLabel,
}: {
  legend: string;
  rows: T[];
  empty: T;
  onChange: (rows: T[]) => void;
  render: (row: T, update: (patch: Partial<T>) => void, index: number) => ReactNode;
  addLabel: string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {rows.map((row, index) => (
        <div key={index} className="relative rounded-control border border-slate-200 bg-slate-50 p-4 pr-12">
          {render(
            row,
            (patch) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r))),
            index,
          )}
          <Button
            variant="ghost"
            size="sm"
            className="absolute top-2 right-2"
            aria-label={`Remove ${legend.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <CloseIcon className="size-4" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, empty])}>
        {addLabel}
      </Button>
    </fieldset>
  );
}

function SubjectsEditor({ subjects, onChange }: { subjects: string[]; onChange: (next: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const suggestions = useQuery(subjectSuggestionsQuery(text.trim()));
  const add = () => {
    const subject = text.trim();
    if (subject.length < 2 || subjects.length >= 10) return;
    if (!subjects.some((s) => s.toLowerCase() === subject.toLowerCase())) onChange([...subjects, subject]);
    setText('');
  };
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
        Subject areas (up to 10)
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-subject`}
          list={`${id}-list`}
          value={text}
          maxLength={60}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          placeholder="e.g. Bioinformatics"
          aria-describedby={`${id}-hint`}
          className={controlClasses(false)}
        />
        <Button variant="secondary" onClick={add} disabled={subjects.length >= 10}>
          Add subject
        </Button>
      </div>
      <datalist id={`${id}-list`}>
        {(suggestions.data?.subjects ?? []).map((subject) => (
          <option key={subject.slug} value={subject.name} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Type a subject and press Enter. Clients search by these.
      </p>
      {subjects.length > 0 && (
        <ul aria-label="Your subjects" className="flex flex-wrap gap-2">
          {subjects.map((subject) => (
            <li
              key={subject}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {subject}
              <button
                type="button"
                aria-label={`Remove ${subject}`}
                onClick={() => onChange(subjects.filter((s) => s !== subject))}
                className="rounded-full p-1 hover:bg-brand-100"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ApplicationWizard({ application }: { application: ExpertApplication }) {
  const [values, setValues] = useState(() => toValues(application));
  const [step, setStep] = useState(0);
  const { state, error, flush } = useAutosave(values);
  const transition = useApplicationTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const go = async (next: number) => {
    void flush();
    setStep(next);
    window.requestAnimationFrame(() => headingRef.current?.focus());
  };

  const submit = async () => {
    const ok = await flush();
    if (ok) transition.mutate('submit');
  };

  const missing = application.missing;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {application.status === 'rejected' && (
        <Alert tone="warning" title="Your application was not approved this time" className="mb-6">
          <p>Reason: {application.rejectionReason}</p>
          <p className="mt-1">Edit your application below and resubmit it when you're ready.</p>
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold text-slate-900">Your expert application</h2>
        <p role="status" className="text-sm text-slate-600">
          {state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : state === 'error' ? '' : 'Draft'}
        </p>
      </div>
      {error && <Alert className="mt-3">{error}</Alert>}

      <nav aria-label="Application steps" className="mt-6">
        <ol className="flex flex-wrap gap-2">
          {stepTitles.map((title, index) => (
            <li key={title}>
              <button
                type="button"
                onClick={() => void go(index)}
                aria-current={index === step ? 'step' : undefined}
                className={cn(
                  'rounded-full border px-3 py-1.5 text-sm font-medium',
                  index === step
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {index + 1}. {title}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <section
        aria-labelledby="step-heading"
        className="mt-6 rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8"
      >
        <h3
          id="step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          Step {step + 1} of {stepTitles.length}: {stepTitles[step]}
        </h3>
        <div className="mt-5 space-y-5">
          {step === 0 && (
            <>
              <SelectField
                label="Category"
                value={values.category}
                onChange={(event) => set('category', event.target.value as ExpertCategory | '')}
                hint="The one that fits you best; clients browse by these five."
              >
                <option value="">Choose a category</option>
                {expertCategories.map((category) => (
                  <option key={category} value={category}>
                    {expertCategoryLabels[category]}
                  </option>
                ))}
              </SelectField>
              <SubjectsEditor subjects={values.subjects} onChange={(next) => set('subjects', next)} />
            </>
          )}
          {step === 1 && (
            <>
              <InputField
                label="Headline"
                value={values.headline}
                maxLength={120}
                onChange={(event) => set('headline', event.target.value)}
                hint={`At least ${HEADLINE_MIN} characters, e.g. "Biostatistician for oncology trials".`}
              />
              <div className="space-y-1.5">
                <label htmlFor="application-bio" className="block text-sm font-medium text-slate-800">
                  Bio
                </label>
                <textarea
                  id="application-bio"
                  rows={8}
                  maxLength={5000}
                  value={values.bio}
                  onChange={(event) => set('bio', event.target.value)}
                  aria-describedby="application-bio-hint"
                  className={controlClasses(false)}
                />
                <p id="application-bio-hint" className="text-xs text-slate-600">
                  At least {BIO_MIN} characters ({values.bio.trim().length} so far): your expertise, the
                  problems you solve, and for whom.
                </p>
              </div>
            </>
          )}
          {step === 2 && (
            <>
              <ListEditor
                legend="Education"
                rows={values.education}
                empty={{ degree: '', institution: '', field: '', year: '' }}
                onChange={(rows) => set('education', rows)}
                addLabel="Add a degree"
                render={(row, update, index) => (
                  <div className="grid gap-3 sm:grid-cols-2">
                    <InputField
                      label={`Degree ${index + 1}`}
                      value={row.degree}
                      onChange={(e) => update({ degree: e.target.value })}
                    />
                    <InputField
                      label="Institution"
                      value={row.institution}
                      onChange={(e) => update({ institution: e.target.value })}
                    />
                    <InputField
                      label="Field (optional)"
                      value={row.field}
                      onChange={(e) => update({ field: e.target.value })}
                    />
                    <InputField
                      label="Year (optional)"
                      inputMode="numeric"
                      maxLength={4}
                      value={row.year}
                      onChange={(e) => update({ year: e.target.value })}
                    />
                  </div>
                )}
              />
              <ListEditor
                legend="Publications and links"
                rows={values.publications}
                empty={{ title: '', url: '', year: '' }}
                onChange={(rows) => set('publications', rows)}
                addLabel="Add a publication or link"
                render={(row, update, index) => (
                  <div className="grid gap-3 sm:grid-cols-2">
                    <InputField
                      label={`Title ${index + 1}`}
                      value={row.title}
                      onChange={(e) => update({ title: e.target.value })}
                      wrapperClassName="sm:col-span-2"
                    />
                    <InputField
                      label="Link (optional)"
                      type="url"
                      placeholder="https://"
                      value={row.url}
                      onChange={(e) => update({ url: e.target.value })}
                    />
                    <InputField
                      label="Year (optional)"
                      inputMode="numeric"
                      maxLength={4}
                      value={row.year}
                      onChange={(e) => update({ year: e.target.value })}
                    />
                  </div>
                )}
              />
              <InputField
                label="ORCID iD (optional)"
                placeholder="0000-0002-1825-0097"
                value={values.orcid}
                maxLength={19}
                onChange={(event) => set('orcid', event.target.value)}
              />
            </>
          )}
          {step === 3 && (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
                <InputField
                  label="Hourly rate"
                  type="number"
                  inputMode="decimal"
                  min={10}
                  max={10000}
                  step="any"
                  value={values.rate}
                  onChange={(event) => set('rate', event.target.value)}
                  hint="Between 10 and 10,000 per hour."
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
              >
                <option value="">Choose a country</option>
                {countryOptions.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </SelectField>
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Languages you work in</legend>
                <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {commonLanguages.map((code) => (
                    <CheckboxField
                      key={code}
                      label={languageName(code)}
                      checked={values.languages.includes(code)}
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
              </fieldset>
            </>
          )}
          {step === 4 && (
            <>
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Availability</legend>
                <div className="mt-2 space-y-2">
                  {availabilities.map((availability) => (
                    <label key={availability} className="flex items-center gap-2.5 text-sm text-slate-700">
                      <input
                        type="radio"
                        name="availability"
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
              {missing.length > 0 ? (
                <Alert tone="warning" title="Before you can submit">
                  <ul className="mt-1 list-disc space-y-1 pl-5">
                    {missing.map((item) => (
                      <li key={item.field}>
                        {item.message}{' '}
                        {fieldStep[item.field] !== undefined && (
                          <button
                            type="button"
                            className="font-medium underline"
                            onClick={() => void go(fieldStep[item.field] ?? 0)}
                          >
                            Go to step {(fieldStep[item.field] ?? 0) + 1}
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                </Alert>
              ) : (
                <Alert tone="success">Everything we need is there. Submit when you're ready.</Alert>
              )}
              {transition.isError && <Alert>{errorMessage(transition.error)}</Alert>}
            </>
          )}
        </div>
        <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-5">
          <Button variant="secondary" disabled={step === 0} onClick={() => void go(step - 1)}>
            Back
          </Button>
          {step < stepTitles.length - 1 ? (
            <Button onClick={() => void go(step + 1)}>Save and continue</Button>
          ) : (
            <Button
              loading={transition.isPending}
              disabled={transition.isPending}
              onClick={() => void submit()}
            >
              {application.status === 'rejected' ? 'Resubmit for vetting' : 'Submit for vetting'}
            </Button>
          )}
        </div>
      </section>
    </div>
  );
}
