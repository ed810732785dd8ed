import { PROJECT_DESCRIPTION_MIN, PROJECT_TITLE_MIN, type FieldError } from '@sciwise/contracts';
import type { ProjectRow } from './access.ts';

/** Today's date on the server's clock (UTC), YYYY-MM-DD: deadlines must lie after it. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const PAST_DEADLINE = 'The deadline must be a date after today.';
export const BUDGET_ORDER = 'The minimum budget must not be more than the maximum.';

/** What stops a project from being published; the form shows these before the button is pressed. */
export function publishProblems(
  project: Pick<
    ProjectRow,
    'title' | 'description' | 'category' | 'subjects' | 'budgetMinMinor' | 'budgetMaxMinor' | 'deadline'
  >,
  now = new Date(),
): FieldError[] {
  const problems: FieldError[] = [];
  if (project.title.length < PROJECT_TITLE_MIN)
    problems.push({
      field: 'title',
      message: `Give the project a title of at least ${PROJECT_TITLE_MIN} characters.`,
    });
  if (project.description.length < PROJECT_DESCRIPTION_MIN)
    problems.push({
      field: 'description',
      message: `Describe the work in at least ${PROJECT_DESCRIPTION_MIN} characters.`,
    });
  if (!project.category) problems.push({ field: 'category', message: 'Choose a category.' });
  if (project.subjects.length === 0)
    problems.push({ field: 'subjects', message: 'Add at least one subject.' });
  if (project.budgetMinMinor === null || project.budgetMaxMinor === null)
    problems.push({ field: 'budget', message: 'Set the budget range.' });
  else if (project.budgetMinMinor > project.budgetMaxMinor)
    problems.push({ field: 'budget', message: BUDGET_ORDER });
  if (project.deadline !== null && project.deadline <= todayUtc(now))
    problems.push({ field: 'deadline', message: PAST_DEADLINE });
  return problems;
}
