import { SUBJECT_NAME_MAX } from '@sciwise/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { subjectSuggestionsQuery } from './queries.ts';
import { SubjectListbox } from './subject-listbox.tsx';

const MAX = 10;

/**
 * Which suggestion Enter takes before the person moves with the arrow keys: the one that is what
 * they typed, else the first that begins with it ("bioinf" → Bioinformatics), else none, and
 * Enter adds their own words.
 */
export function preferredSuggestion(typed: string, names: string[]): number {
  const text = typed.trim().toLowerCase();
  if (text.length < 2) return -1;
  const exact = names.findIndex((name) => name.toLowerCase() === text);
  return exact >= 0 ? exact : names.findIndex((name) => name.toLowerCase().startsWith(text));
}

/**
 * Subjects with suggestions from the catalogue as you type (a WAI-ARIA combobox): Enter adds the
 * highlighted suggestion or, with none highlighted, the words typed; a click on a suggestion or
 * the button adds one too. The expert application and the project form both use it.
 */
export function SubjectPicker({
  subjects,
  onChange,
  error,
  label = 'Subjects',
  listLabel = 'Chosen subjects',
  hint = 'Type a subject and press Enter, or pick a suggestion. We match experts who work in these.',
  placeholder = 'e.g. Biostatistics',
}: {
  subjects: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  label?: string;
  listLabel?: string;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState('');
  // null: the preferred suggestion for what is typed; a number: where the arrow keys moved to.
  const [moved, setMoved] = useState<number | null>(null);
  const [open, setOpen] = useState(true);
  const suggestions = useQuery(subjectSuggestionsQuery(text.trim()));
  const add = (value = text) => {
    const subject = value.trim();
    if (subject.length < 2 || subjects.length >= MAX) return;
    if (!subjects.some((s) => s.toLowerCase() === subject.toLowerCase())) onChange([...subjects, subject]);
    setText('');
    setMoved(null);
  };
  const offered =
    text.trim().length >= 2
      ? (suggestions.data?.subjects ?? [])
          .filter((s) => !subjects.some((chosen) => chosen.toLowerCase() === s.name.toLowerCase()))
          .slice(0, 6)
      : [];
  const expanded = open && offered.length > 0;
  const active = expanded
    ? (moved ??
      preferredSuggestion(
        text,
        offered.map((s) => s.name),
      ))
    : -1;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(active >= 0 ? offered[active]!.name : text);
    } else if (event.key === 'ArrowDown' && offered.length > 0) {
      event.preventDefault();
      setOpen(true);
      setMoved((active + 1) % offered.length);
    } else if (event.key === 'ArrowUp' && offered.length > 0) {
      event.preventDefault();
      setOpen(true);
      setMoved(active <= 0 ? offered.length - 1 : active - 1);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
        {label} (up to {MAX})
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={`${id}-subject`}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={text}
            maxLength={SUBJECT_NAME_MAX}
            onChange={(event) => {
              setText(event.target.value);
              setMoved(null);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => setOpen(true)}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className={controlClasses(Boolean(error))}
          />
          <SubjectListbox
            id={listId}
            label="Suggested subjects"
            options={expanded ? offered : []}
            active={active}
            onChoose={(subject) => add(subject.name)}
          />
        </div>
        <Button variant="secondary" onClick={() => add()} disabled={subjects.length >= MAX}>
          Add
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {subjects.length > 0 && (
        <ul aria-label={listLabel} className="flex flex-wrap gap-2">
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
