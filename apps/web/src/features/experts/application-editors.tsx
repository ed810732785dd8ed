// Autosave and the list editors of the expert application (also the approved expert's editor).
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useSerialAutosave } from '../../lib/use-serial-autosave.ts';
import { applicationQueryKey, saveApplicationDraft } from './queries.ts';

import { checkedDraft, type EducationRow, type PublicationRow, type Values } from './application-values.ts';

export function useAutosave(values: Values) {
  const queryClient = useQueryClient();
  return useSerialAutosave(values, {
    toDraft: (values) => checkedDraft(values).draft,
    send: saveApplicationDraft,
    // The page renders the application (its status, what is still missing) from this cache entry.
    onSaved: (saved) => queryClient.setQueryData(applicationQueryKey, saved),
  });
}

export function ListEditor<T>({
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

/** Degrees, as the application and the approved expert's editor both ask for them. */
export function EducationEditor({
  rows,
  onChange,
}: {
  rows: EducationRow[];
  onChange: (rows: EducationRow[]) => void;
}) {
  return (
    <ListEditor
      legend="Education"
      rows={rows}
      empty={{ degree: '', institution: '', field: '', year: '' }}
      onChange={onChange}
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
          <YearField value={row.year} onChange={(year) => update({ year })} />
        </div>
      )}
    />
  );
}

/** The optional four-digit year both lists ask for. */
function YearField({ value, onChange }: { value: string; onChange: (year: string) => void }) {
  return (
    <InputField
      label="Year (optional)"
      inputMode="numeric"
      maxLength={4}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Publications and links, as the application and the approved expert's editor both ask for them. */
export function PublicationsEditor({
  rows,
  onChange,
}: {
  rows: PublicationRow[];
  onChange: (rows: PublicationRow[]) => void;
}) {
  return (
    <ListEditor
      legend="Publications and links"
      rows={rows}
      empty={{ title: '', url: '', year: '' }}
      onChange={onChange}
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
          <YearField value={row.year} onChange={(year) => update({ year })} />
        </div>
      )}
    />
  );
}
