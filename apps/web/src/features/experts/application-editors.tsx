// Autosave and the list editors of the expert application.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useSerialAutosave } from '../../lib/use-serial-autosave.ts';
import { applicationQueryKey, saveApplicationDraft } from './queries.ts';

import { checkedDraft, type Values } from './application-values.ts';

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
