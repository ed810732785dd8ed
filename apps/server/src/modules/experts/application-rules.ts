import { BIO_MIN, HEADLINE_MIN, type FieldError } from '@sciwise/contracts';
import type { expertProfiles } from '../../db/schema/index.ts';

type ProfileRow = typeof expertProfiles.$inferSelect;

/**
 * What a complete application needs. Drafts may lack any of it; submit refuses until this
 * list is empty, and the form shows the same list while the person fills it in.
 */
export function applicationProblems(row: ProfileRow): FieldError[] {
  const problems: FieldError[] = [];
  const need = (ok: boolean, field: string, message: string) => {
    if (!ok) problems.push({ field, message });
  };
  need(
    (row.headline ?? '').length >= HEADLINE_MIN,
    'headline',
    `Write a headline of at least ${HEADLINE_MIN} characters.`,
  );
  need((row.bio ?? '').length >= BIO_MIN, 'bio', `Write a bio of at least ${BIO_MIN} characters.`);
  need(row.category !== null, 'category', 'Choose the category that fits you best.');
  need(row.subjects.length > 0, 'subjects', 'Add at least one subject area.');
  need(row.hourlyRateMinor !== null, 'hourlyRateMinor', 'Set your hourly rate.');
  need(row.country !== null, 'country', 'Choose the country you work from.');
  need(row.languages.length > 0, 'languages', 'Add at least one language you work in.');
  return problems;
}
