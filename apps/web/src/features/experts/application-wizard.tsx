import type { ExpertApplication, ExpertApplicationDraft } from '@sciwise/contracts';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Stepper } from '../../components/stepper.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useStepParam } from '../../lib/use-step-param.ts';
import { commonLanguages } from './languages.ts';
import { useApplicationTransition } from './queries.ts';

import { checkedDraft, fieldStep, stepTitles, toValues, type Values } from './application-values.ts';
import { EducationEditor, PublicationsEditor, useAutosave } from './application-editors.tsx';
import { SubjectPicker } from './subject-picker.tsx';
import { CategoryOptions } from './category-options.tsx';
import { CountryOptions } from './country-options.tsx';
import {
  AvailabilityRadios,
  BioField,
  HeadlineField,
  LanguageCheckboxes,
  RateFields,
} from './offer-fields.tsx';

export function ApplicationWizard({ application }: { application: ExpertApplication }) {
  const { register, setValue, control } = useForm<Values>({ defaultValues: toValues(application) });
  // The whole form, re-rendered on each change: what the autosave and the step checks read.
  const values = useWatch({ control }) as Values;
  const { state, error, flush } = useAutosave(values);
  const transition = useApplicationTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useStepParam(stepTitles.length, { heading: headingRef });
  // Native fields are registered; the pickers and lists set their whole value.
  const setField = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValue(key, value as never, { shouldDirty: true });

  // A refused field is left out of the save (the rest is kept) and marked once the person has
  // left it or tried to go on.
  const { problems } = useMemo(() => checkedDraft(values), [values]);
  const [reported, setReported] = useState<ReadonlySet<string>>(() => new Set());
  const report = (...fields: string[]) => setReported((current) => new Set([...current, ...fields]));
  const problemOf = (field: keyof ExpertApplicationDraft) =>
    reported.has(field) ? problems[field] : undefined;
  const sectionRef = useRef<HTMLElement>(null);

  const go = async (next: number) => {
    void flush();
    const wrongHere = Object.keys(problems).filter((field) => fieldStep[field] === step);
    if (next > step && wrongHere.length > 0) {
      report(...wrongHere);
      // Once the marks are drawn: bring the first wrong field into view and put the cursor in it.
      window.requestAnimationFrame(() => {
        const field = sectionRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        field?.scrollIntoView({ block: 'center' });
        field?.focus();
      });
      return;
    }
    setStep(next);
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

      <div className="mt-6">
        <Stepper
          label="Application steps"
          titles={stepTitles}
          current={step}
          isOpen={() => true}
          onSelect={(index) => void go(index)}
        />
      </div>

      <section
        ref={sectionRef}
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
                hint="The one that fits you best; clients browse by these five."
                {...register('category')}
              >
                <CategoryOptions emptyLabel="Choose a category" />
              </SelectField>
              <SubjectPicker
                subjects={values.subjects}
                onChange={(next) => setField('subjects', next)}
                label="Subject areas"
                listLabel="Your subjects"
                hint="Type a subject and press Enter. Clients search by these."
                placeholder="e.g. Bioinformatics"
              />
            </>
          )}
          {step === 1 && (
            <>
              <HeadlineField
                error={problemOf('headline')}
                {...register('headline', { onBlur: () => report('headline') })}
              />
              <BioField
                id="application-bio"
                rows={8}
                bio={values.bio}
                hintEnd=": your expertise, the problems you solve, and for whom."
                error={problemOf('bio')}
                {...register('bio', { onBlur: () => report('bio') })}
              />
            </>
          )}
          {step === 2 && (
            <>
              <EducationEditor rows={values.education} onChange={(rows) => setField('education', rows)} />
              <PublicationsEditor
                rows={values.publications}
                onChange={(rows) => setField('publications', rows)}
              />
              <InputField
                label="ORCID iD (optional)"
                placeholder="0000-0002-1825-0097"
                maxLength={19}
                error={problemOf('orcid')}
                {...register('orcid', { onBlur: () => report('orcid') })}
              />
            </>
          )}
          {step === 3 && (
            <>
              <RateFields
                rate={register('rate', { onBlur: () => report('hourlyRateMinor') })}
                currency={register('currency')}
                error={problemOf('hourlyRateMinor')}
              />
              <SelectField label="Country you work from" {...register('country')}>
                <CountryOptions emptyLabel="Choose a country" />
              </SelectField>
              <LanguageCheckboxes
                codes={commonLanguages}
                selected={values.languages}
                onChange={(next) => setField('languages', next)}
              />
            </>
          )}
          {step === 4 && (
            <>
              <AvailabilityRadios radio={() => register('availability')} />
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
