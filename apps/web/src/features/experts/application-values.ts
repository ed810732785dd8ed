// The application form's values and their mapping to and from the API's draft.
import {
  expertApplicationDraftSchema,
  type Availability,
  type Education,
  type ExpertApplication,
  type ExpertApplicationDraft,
  type ExpertCategory,
  type Publication,
  type RateCurrency,
} from '@sciwise/contracts';

export interface EducationRow {
  degree: string;
  institution: string;
  field: string;
  year: string;
}
export interface PublicationRow {
  title: string;
  url: string;
  year: string;
}
export interface Values {
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

export function toValues(application: ExpertApplication): Values {
  return {
    category: application.category ?? '',
    subjects: application.subjects,
    headline: application.headline ?? '',
    bio: application.bio ?? '',
    education: toEducationRows(application.education),
    publications: toPublicationRows(application.publications),
    orcid: application.orcid ?? '',
    rate: application.hourlyRateMinor ? String(application.hourlyRateMinor / 100) : '',
    currency: application.currency,
    country: application.country ?? '',
    languages: application.languages,
    availability: application.availability,
  };
}

export const year = (text: string) => (/^\d{4}$/.test(text.trim()) ? Number(text.trim()) : undefined);

export const toEducationRows = (education: Education[]): EducationRow[] =>
  education.map((row) => ({
    degree: row.degree,
    institution: row.institution,
    field: row.field ?? '',
    year: row.year ? String(row.year) : '',
  }));

export const toPublicationRows = (publications: Publication[]): PublicationRow[] =>
  publications.map((row) => ({
    title: row.title,
    url: row.url ?? '',
    year: row.year ? String(row.year) : '',
  }));

/** Rows with what a degree needs (a degree and an institution); the rest are half-typed and left out. */
export const fromEducationRows = (rows: EducationRow[]): Education[] =>
  rows
    .filter((row) => row.degree.trim() && row.institution.trim())
    .map((row) => ({
      degree: row.degree.trim(),
      institution: row.institution.trim(),
      ...(row.field.trim() ? { field: row.field.trim() } : {}),
      ...(year(row.year) ? { year: year(row.year) } : {}),
    }));

export const fromPublicationRows = (rows: PublicationRow[]): Publication[] =>
  rows
    .filter((row) => row.title.trim())
    .map((row) => ({
      title: row.title.trim(),
      ...(row.url.trim() ? { url: row.url.trim() } : {}),
      ...(year(row.year) ? { year: year(row.year) } : {}),
    }));

/** Only what is filled in and well-formed goes to the server, so a half-typed row never blocks autosave. */
export function toDraft(values: Values): ExpertApplicationDraft {
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
    education: fromEducationRows(values.education),
    publications: fromPublicationRows(values.publications),
    orcid: values.orcid.trim() ? values.orcid.trim() : null,
    availability: values.availability,
  };
}

export type DraftProblems = Partial<Record<keyof ExpertApplicationDraft, string>>;

/**
 * The draft to save, without the fields the contract refuses, and why each was refused: one
 * wrong field (a rate of 5) must not stop the rest of the step from being saved. A refused field
 * keeps the value last saved on the server.
 */
export function checkedDraft(values: Values): { draft: ExpertApplicationDraft; problems: DraftProblems } {
  const full = toDraft(values);
  const draft: Record<string, unknown> = {};
  const problems: DraftProblems = {};
  for (const key of Object.keys(full) as (keyof ExpertApplicationDraft)[]) {
    const checked = expertApplicationDraftSchema.shape[key].safeParse(full[key]);
    if (checked.success) draft[key] = full[key];
    else problems[key] = checked.error.issues[0]?.message ?? 'Check this field.';
  }
  return { draft: draft as ExpertApplicationDraft, problems };
}

export const stepTitles = [
  'Category & subjects',
  'Headline & bio',
  'Education & publications',
  'Rate, country & languages',
  'Availability & submit',
];
export const fieldStep: Record<string, number> = {
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
