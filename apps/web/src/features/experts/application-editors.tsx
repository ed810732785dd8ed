// Autosave and the list editors of the expert application.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { registerPendingSave } from '../../lib/pending-saves.ts';
import { applicationQueryKey, saveApplicationDraft } from './queries.ts';

import { toDraft, type Values } from './application-values.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export function useAutosave(values: Values) {
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
        if (body === lastSent.current) {
          setState((current) => (current === 'saving' ? 'saved' : current));
          return true;
        }
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

  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
    if (JSON.stringify(toDraft(values)) === lastSent.current) return;
    // A save is on its way: never say "Saved" over words the server has not got yet.
    setState('saving');
    const timer = window.setTimeout(() => void save(values), 700);
    return () => window.clearTimeout(timer);
  }, [values, save]);

  // Whatever is still unsent goes when the user signs out or leaves the form.
  useEffect(() => registerPendingSave(() => save(latest.current)), [save]);
  useEffect(() => () => void save(latest.current), [save]);

  return { state, error, flush: () => save(values) };
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
