import {
  budgetTypes,
  projectCurrencies,
  type Attachment,
  type BudgetType,
  type RateCurrency,
} from '@sciwise/contracts';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_DESCRIPTION_MIN,
  PROJECT_TITLE_MAX,
} from '@sciwise/contracts/constants';
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Stepper } from '../../components/stepper.tsx';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses, InputField, SelectField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useStepParam } from '../../lib/use-step-param.ts';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { AttachmentsEditor } from './attachments-editor.tsx';
import { ConfidentialityChoice, ndaModeLabels } from './confidentiality-choice.tsx';
import { budgetLabel, categoryLabel, toMinor } from './format.ts';
import {
  rememberPostIntent,
  stepProblems,
  stepTitles,
  toDraft,
  tomorrow,
  type ProjectFormValues,
} from './project-form-values.ts';
import { publishProject } from './queries.ts';
import { SubjectPicker } from '../experts/subject-picker.tsx';
import { useProjectAutosave } from './use-project-autosave.ts';
import { CategoryOptions } from '../experts/category-options.tsx';

/** Where a visitor who pressed "post" comes back to after signing up or in. */
const PUBLISH_RETURN = '/create-project?publish=1';

interface EditorProps {
  initial: ProjectFormValues;
  signedIn: boolean;
  projectId: string | null;
  attachments: Attachment[];
  onPublished: (id: string) => void;
  /** Editing a project that is already live: every step is open and the last button saves. */
  live?: boolean;
}

export function ProjectEditor({
  initial,
  signedIn,
  projectId: initialId,
  attachments,
  onPublished,
  live = false,
}: EditorProps) {
  const { openAuthModal } = useAuthModal();
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { register, setValue, control } = useForm<ProjectFormValues>({ defaultValues: initial });
  // The whole form, re-rendered on each change: what the autosave and the step checks read.
  const values = useWatch({ control }) as ProjectFormValues;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A reload or a shared address cannot skip a step the person has not completed.
  const reachable = (target: number) =>
    live ||
    Array.from({ length: target }, (_, s) => s).every(
      (s) => Object.keys(stepProblems(values, s)).length === 0,
    );
  const [step, setStep] = useStepParam(stepTitles.length, { reachable, heading: headingRef });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [projectId, setProjectId] = useState(initialId);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);

  const onCreated = useCallback(
    (id: string) => {
      setProjectId(id);
      // The person may have left while the save that created the draft was on its way: the
      // address is no longer the editor's, and amending it would pull them back.
      if (window.location.pathname !== pathname) return;
      // The address now names the draft, so a reload carries on where the person was. The save
      // that created it started renders ago, when the address may have named an earlier step:
      // amend the address as it is now.
      setParams(
        () => {
          const next = new URLSearchParams(window.location.search);
          next.set('draft', id);
          next.delete('publish');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, pathname],
  );
  const autosave = useProjectAutosave(values, { signedIn, projectId: initialId, onCreated });

  const go = (next: number) => {
    setStep(next);
    setProblems({});
  };

  const next = () => {
    const found = stepProblems(values, step);
    setProblems(found);
    if (Object.keys(found).length === 0) go(step + 1);
  };

  const post = async () => {
    for (let s = 0; s < 3; s++) {
      const found = stepProblems(values, s);
      if (Object.keys(found).length > 0) {
        go(s);
        setProblems(found);
        return;
      }
    }
    setPublishError(null);
    if (!signedIn) {
      // Kept in this browser; signing up brings the person back here and the project is posted.
      await autosave.flush();
      rememberPostIntent();
      openAuthModal('signup', PUBLISH_RETURN);
      return;
    }
    setPublishing(true);
    try {
      const id = await autosave.flush();
      if (!id) throw new Error('Your project could not be saved yet. Please try again.');
      if (!live) await publishProject(id);
      onPublished(id);
    } catch (failure) {
      setPublishError(errorMessage(failure, 'We could not post your project.'));
    } finally {
      setPublishing(false);
    }
  };

  const setField = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) =>
    setValue(key, value as never, { shouldDirty: true });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {signedIn
            ? live
              ? 'This project is live: changes are saved as you type.'
              : 'Saved to your account as a draft while you type.'
            : 'Saved in this browser while you type.'}
        </p>
        <p role="status" className="text-sm font-medium text-slate-700">
          {autosave.state === 'saving'
            ? 'Saving…'
            : autosave.state === 'saved'
              ? live
                ? 'Saved'
                : 'Draft saved'
              : ''}
        </p>
      </div>
      {autosave.error && <Alert className="mt-3">{autosave.error}</Alert>}

      <div className="mt-5">
        <Stepper
          label="Steps"
          titles={stepTitles}
          current={step}
          isOpen={(index) => index < step || live}
          onSelect={go}
        />
      </div>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (step < 3) next();
          else void post();
        }}
        noValidate
        className="mt-6 rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8"
        aria-labelledby="project-step-heading"
      >
        <h2
          id="project-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {stepTitles[step]}
        </h2>
        <div className="mt-5 space-y-5">
          {step === 0 && (
            <>
              <InputField
                label="Project title"
                maxLength={PROJECT_TITLE_MAX}
                placeholder="e.g. Statistical analysis of a phase II trial"
                error={problems.title}
                hint="A short, specific title gets better quotes."
                {...register('title')}
              />
              <div className="space-y-1.5">
                <label htmlFor="project-description" className="block text-sm font-medium text-slate-800">
                  Description
                </label>
                <textarea
                  id="project-description"
                  rows={8}
                  maxLength={PROJECT_DESCRIPTION_MAX}
                  aria-invalid={problems.description ? true : undefined}
                  aria-describedby="project-description-hint"
                  className={controlClasses(Boolean(problems.description))}
                  placeholder="What is the problem, what should the expert deliver, and what do you have already (data, drafts, constraints)?"
                  {...register('description')}
                />
                <p
                  id="project-description-hint"
                  className={cn(
                    'text-xs',
                    problems.description ? 'font-medium text-danger-700' : 'text-slate-600',
                  )}
                >
                  {problems.description ??
                    `At least ${PROJECT_DESCRIPTION_MIN} characters (${values.description.trim().length} so far).`}
                </p>
              </div>
            </>
          )}
          {step === 1 && (
            <>
              <SelectField label="Category" error={problems.category} {...register('category')}>
                <CategoryOptions emptyLabel="Choose a category" />
              </SelectField>
              <SubjectPicker
                subjects={values.subjects}
                onChange={(subjects) => setField('subjects', subjects)}
                error={problems.subjects}
              />
            </>
          )}
          {step === 2 && (
            <>
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Budget type</legend>
                <div className="mt-2 flex flex-wrap gap-4">
                  {budgetTypes.map((type: BudgetType) => (
                    <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="radio"
                        value={type}
                        className="accent-brand-700"
                        {...register('budgetType')}
                      />
                      {type === 'fixed' ? 'Fixed price for the whole project' : 'Hourly rate'}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-3">
                <SelectField label="Currency" {...register('currency')}>
                  {projectCurrencies.map((currency: RateCurrency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </SelectField>
                <InputField
                  label={values.budgetType === 'hourly' ? 'Minimum per hour' : 'Minimum budget'}
                  inputMode="decimal"
                  placeholder="500"
                  error={problems.budgetMin}
                  {...register('budgetMin')}
                />
                <InputField
                  label={values.budgetType === 'hourly' ? 'Maximum per hour' : 'Maximum budget'}
                  inputMode="decimal"
                  placeholder="2000"
                  error={problems.budgetMax}
                  {...register('budgetMax')}
                />
              </div>
              <InputField
                label="Deadline (optional)"
                type="date"
                min={tomorrow()}
                error={problems.deadline}
                hint="When you need the final deliverable."
                {...register('deadline')}
              />
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Who can see it</legend>
                <div className="mt-2 space-y-2">
                  <label className="flex items-start gap-2 text-sm text-slate-700">
                    <input
                      type="radio"
                      value="public"
                      className="mt-0.5 accent-brand-700"
                      {...register('visibility')}
                    />
                    <span>
                      <strong className="font-semibold">Public</strong>: listed on Sciwise; signed-in experts
                      see the details and can quote.
                    </span>
                  </label>
                  <label className="flex items-start gap-2 text-sm text-slate-700">
                    <input
                      type="radio"
                      value="invite_only"
                      className="mt-0.5 accent-brand-700"
                      {...register('visibility')}
                    />
                    <span>
                      <strong className="font-semibold">Invite only</strong>: only experts you invite can see
                      it.
                    </span>
                  </label>
                </div>
              </fieldset>
              <ConfidentialityChoice
                value={values.ndaMode}
                onChange={(mode) => setField('ndaMode', mode)}
                signedIn={signedIn}
                projectId={projectId}
                save={autosave.flush}
              />
            </>
          )}
          {step === 3 && (
            <>
              <Review values={values} />
              {signedIn && projectId ? (
                <AttachmentsEditor projectId={projectId} initial={attachments} />
              ) : (
                <Alert tone="info">
                  You can attach files (briefs, data, drafts) once you have signed in: your text is kept in
                  this browser until then.
                </Alert>
              )}
              {publishError && <Alert>{publishError}</Alert>}
            </>
          )}
        </div>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {step > 0 ? (
            <Button variant="secondary" onClick={() => go(step - 1)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {step < 3 ? (
            <Button type="submit">Next: {stepTitles[step + 1]}</Button>
          ) : (
            <Button type="submit" loading={publishing}>
              {live ? 'Save changes' : signedIn ? 'Post project' : 'Sign up and post project'}
            </Button>
          )}
        </div>
        {step === 3 && !signedIn && (
          <p className="mt-4 text-right text-sm text-slate-600">
            Have an account?{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline underline-offset-2"
              onClick={() => {
                void autosave.flush();
                rememberPostIntent();
                openAuthModal('login', PUBLISH_RETURN);
              }}
            >
              Sign in and post
            </button>
          </p>
        )}
      </form>
    </div>
  );
}

function Review({ values }: { values: ProjectFormValues }) {
  const draft = toDraft(values);
  const rows: [string, string][] = [
    ['Title', values.title],
    ['Category', categoryLabel(values.category || null)],
    ['Subjects', values.subjects.join(', ')],
    [
      'Budget',
      budgetLabel({
        type: values.budgetType,
        minMinor: toMinor(values.budgetMin),
        maxMinor: toMinor(values.budgetMax),
        currency: values.currency,
      }),
    ],
    ['Deadline', draft.deadline ?? 'No fixed deadline'],
    ['Visibility', values.visibility === 'public' ? 'Public' : 'Invite only'],
    ['Confidentiality', ndaModeLabels[values.ndaMode]],
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-control border border-slate-200">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[9rem_1fr]">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
