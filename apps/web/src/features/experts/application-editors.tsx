// Autosave and the list editors of the expert application.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { registerPendingSave } from '../../lib/pending-saves.ts';
import { applicationQueryKey, saveApplicationDraft, subjectSuggestionsQuery } from './queries.ts';

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

export function SubjectsEditor({
  subjects,
  onChange,
}: {
  subjects: string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const suggestions = useQuery(subjectSuggestionsQuery(text.trim()));
  const add = () => {
    const subject = text.trim();
    if (subject.length < 2 || subjects.length >= 10) return;
    if (!subjects.some((s) => s.toLowerCase() === subject.toLowerCase())) onChange([...subjects, subject]);
    setText('');
  };
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
        Subject areas (up to 10)
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-subject`}
          list={`${id}-list`}
          value={text}
          maxLength={60}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          placeholder="e.g. Bioinformatics"
          aria-describedby={`${id}-hint`}
          className={controlClasses(false)}
        />
        <Button variant="secondary" onClick={add} disabled={subjects.length >= 10}>
          Add subject
        </Button>
      </div>
      <datalist id={`${id}-list`}>
        {(suggestions.data?.subjects ?? []).map((subject) => (
          <option key={subject.slug} value={subject.name} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Type a subject and press Enter. Clients search by these.
      </p>
      {subjects.length > 0 && (
        <ul aria-label="Your subjects" className="flex flex-wrap gap-2">
          {subjects.map((subject) => (
            <li
              key={subject}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {subject}
              <button
                type="button"
                aria-label={`Remove ${subject}`}
                onClick={() => onChange(subjects.filter((s) => s !== subject))}
                className="rounded-full p-1 hover:bg-brand-100"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
