import {
  expertCategoryLabels,
  type ProfileChange,
  type VettedProfileField,
  type VettedProfileValues,
} from '@sciwise/contracts';

export const vettedFieldLabels: Record<VettedProfileField, string> = {
  category: 'Category',
  subjects: 'Subjects',
  education: 'Education',
  publications: 'Publications',
  orcid: 'ORCID iD',
};

/** One line per item, so a list reads the same before and after. */
function lines(field: VettedProfileField, values: VettedProfileValues): string[] {
  switch (field) {
    case 'category':
      return [expertCategoryLabels[values.category]];
    case 'subjects':
      return values.subjects;
    case 'education':
      return values.education.map(
        (row) =>
          `${row.degree}${row.field ? `, ${row.field}` : ''} · ${row.institution}${row.year ? ` (${row.year})` : ''}`,
      );
    case 'publications':
      return values.publications.map((row) => `${row.title}${row.year ? ` (${row.year})` : ''}`);
    case 'orcid':
      return values.orcid ? [values.orcid] : [];
  }
}

function Side({ label, items, tone }: { label: string; items: string[]; tone: 'before' | 'after' }) {
  return (
    <div
      className={
        tone === 'before'
          ? 'rounded-control border border-slate-200 bg-slate-50 p-3'
          : 'rounded-control border border-brand-600/30 bg-brand-50 p-3'
      }
    >
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      {items.length === 0 ? (
        <p className="mt-1 text-slate-600 italic">None</p>
      ) : (
        <ul className="mt-1 space-y-0.5 break-words text-slate-800">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The changed vetted fields of a profile change, each as before and after. */
export function ProfileChangeSummary({ change }: { change: ProfileChange }) {
  return (
    <dl className="space-y-4 text-sm">
      {change.changedFields.map((field) => (
        <div key={field}>
          <dt className="font-medium text-slate-900">{vettedFieldLabels[field]}</dt>
          <dd className="mt-1.5 grid gap-2 sm:grid-cols-2">
            <Side label="Now (approved)" items={lines(field, change.before)} tone="before" />
            <Side label="Asked for" items={lines(field, change.after)} tone="after" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
