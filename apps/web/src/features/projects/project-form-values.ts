// The post-a-project form: its values, the mapping to the API's draft, the signed-out copy in
// localStorage, and the presets of the service tiles.
import type {
  BudgetType,
  ExpertCategory,
  NdaMode,
  ProjectDetails,
  ProjectDraft,
  ProjectVisibility,
  RateCurrency,
} from '@sciwise/contracts';
import { AMOUNT_MAX_MINOR, PROJECT_DESCRIPTION_MIN, PROJECT_TITLE_MIN } from '@sciwise/contracts/constants';
import { fromMinor, toMinor } from './format.ts';

export interface ProjectFormValues {
  title: string;
  description: string;
  category: ExpertCategory | '';
  subjects: string[];
  budgetType: BudgetType;
  budgetMin: string;
  budgetMax: string;
  currency: RateCurrency;
  deadline: string;
  visibility: ProjectVisibility;
  /** The agreement in force; `custom` comes from uploading a PDF, never from the draft. */
  ndaMode: NdaMode;
}

export const emptyValues: ProjectFormValues = {
  title: '',
  description: '',
  category: '',
  subjects: [],
  budgetType: 'fixed',
  budgetMin: '',
  budgetMax: '',
  currency: 'USD',
  deadline: '',
  visibility: 'public',
  ndaMode: 'none',
};

export const stepTitles = ['Describe the work', 'Expertise', 'Budget and timing', 'Review and post'] as const;

/** What the server already knows, for the form to carry on from. */
export function valuesFromProject(project: ProjectDetails): ProjectFormValues {
  return {
    title: project.title,
    description: project.description,
    category: (project.category as ExpertCategory | null) ?? '',
    subjects: project.subjects,
    budgetType: project.budget.type,
    budgetMin: fromMinor(project.budget.minMinor),
    budgetMax: fromMinor(project.budget.maxMinor),
    currency: project.budget.currency,
    deadline: project.deadline ?? '',
    visibility: project.visibility,
    ndaMode: project.confidentiality?.mode ?? 'none',
  };
}

/**
 * Only well-formed fields go to the server, so a half-typed amount never blocks the autosave;
 * an amount cleared by the person is sent as null so the server forgets it too.
 */
export function toDraft(values: ProjectFormValues): ProjectDraft {
  const min = toMinor(values.budgetMin);
  const max = toMinor(values.budgetMax);
  return {
    title: values.title,
    description: values.description,
    category: values.category || null,
    subjects: values.subjects,
    budgetType: values.budgetType,
    currency: values.currency,
    visibility: values.visibility,
    // The owner's own PDF stays in force until they choose none or standard again.
    ...(values.ndaMode === 'custom' ? {} : { ndaMode: values.ndaMode }),
    ...(values.budgetMin.trim() === ''
      ? { budgetMinMinor: null }
      : min && min > 0
        ? { budgetMinMinor: min }
        : {}),
    ...(values.budgetMax.trim() === ''
      ? { budgetMaxMinor: null }
      : max && max > 0
        ? { budgetMaxMinor: max }
        : {}),
    ...(values.deadline === ''
      ? { deadline: null }
      : /^\d{4}-\d{2}-\d{2}$/.test(values.deadline) && values.deadline > today()
        ? { deadline: values.deadline }
        : {}),
  };
}

export const today = () => new Date().toISOString().slice(0, 10);
export const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Problems the person can fix before pressing Post, per step (the server checks the same). */
export function stepProblems(values: ProjectFormValues, step: number): Record<string, string> {
  const problems: Record<string, string> = {};
  if (step === 0) {
    if (values.title.trim().length < PROJECT_TITLE_MIN)
      problems.title = `Give the project a title of at least ${PROJECT_TITLE_MIN} characters.`;
    if (values.description.trim().length < PROJECT_DESCRIPTION_MIN)
      problems.description = `Describe the work in at least ${PROJECT_DESCRIPTION_MIN} characters (${values.description.trim().length} so far).`;
  }
  if (step === 1) {
    if (!values.category) problems.category = 'Choose a category.';
    if (values.subjects.length === 0) problems.subjects = 'Add at least one subject.';
  }
  if (step === 2) {
    const min = toMinor(values.budgetMin);
    const max = toMinor(values.budgetMax);
    if (min === null || min <= 0) problems.budgetMin = 'Enter the lowest amount you would pay, e.g. 500.';
    if (max === null || max <= 0) problems.budgetMax = 'Enter the highest amount you would pay, e.g. 2000.';
    else if (min !== null && min > max) problems.budgetMax = 'The maximum must not be less than the minimum.';
    if (max !== null && max > AMOUNT_MAX_MINOR)
      problems.budgetMax = `The budget can be at most ${(AMOUNT_MAX_MINOR / 100).toLocaleString('en-US')}.`;
    if (values.deadline && values.deadline <= today())
      problems.deadline = 'The deadline must be a date after today.';
  }
  return problems;
}

const STORAGE_KEY = 'sciwise:project-draft';

/** A signed-out visitor's draft lives in this browser only, until they sign in. */
export function loadLocalDraft(): ProjectFormValues | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ProjectFormValues>;
    return { ...emptyValues, ...parsed, subjects: Array.isArray(parsed.subjects) ? parsed.subjects : [] };
  } catch {
    return null;
  }
}

export function storeLocalDraft(values: ProjectFormValues): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still works, it just won't survive a reload.
  }
}

const PUBLISH_KEY = 'sciwise:project-draft-post';

/**
 * The visitor pressed "post" and was sent to sign up: remembered beside the draft, because the
 * session can arrive before the address that says so.
 */
export function rememberPostIntent(): void {
  try {
    window.localStorage.setItem(PUBLISH_KEY, '1');
  } catch {
    // Without storage the draft is kept, just not posted automatically.
  }
}

export function hasPostIntent(): boolean {
  try {
    return window.localStorage.getItem(PUBLISH_KEY) === '1';
  } catch {
    return false;
  }
}

export function clearLocalDraft(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
    window.localStorage.removeItem(PUBLISH_KEY);
  } catch {
    // Nothing to clear.
  }
}

export const hasContent = (values: ProjectFormValues) =>
  values.title.trim() !== '' || values.description.trim() !== '' || values.subjects.length > 0;

/** The service tiles and "Request a service" links: /create-project?service=scientific-writing. */
export const servicePresets: Record<string, { label: string; category: ExpertCategory; subjects: string[] }> =
  {
    'scientific-writing': {
      label: 'Scientific writing',
      category: 'writers',
      subjects: ['Scientific writing'],
    },
    'medical-writing': { label: 'Medical writing', category: 'writers', subjects: ['Medical writing'] },
    'scientific-consulting': {
      label: 'Scientific consulting',
      category: 'consultants',
      subjects: ['Scientific consulting'],
    },
    consulting: { label: 'Consulting', category: 'consultants', subjects: ['Scientific consulting'] },
    'secondary-research': {
      label: 'Secondary research',
      category: 'consultants',
      subjects: ['Secondary research', 'Literature review'],
    },
    'data-analysis': {
      label: 'Data analysis',
      category: 'data_analysts',
      subjects: ['Data analysis', 'Statistics'],
    },
    support: { label: 'Project support', category: 'researchers', subjects: ['Data analysis'] },
    tools: { label: 'Research tools', category: 'product_developers', subjects: ['Product development'] },
    'product-development': {
      label: 'Product development',
      category: 'product_developers',
      subjects: ['Product development'],
    },
  };

export function applyPreset(values: ProjectFormValues, service: string | null): ProjectFormValues {
  const preset = service ? servicePresets[service] : undefined;
  if (!preset) return values;
  return {
    ...values,
    category: values.category || preset.category,
    subjects: values.subjects.length > 0 ? values.subjects : preset.subjects,
  };
}
