import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { subjectSuggestionsQuery } from './queries.ts';

const MAX = 10;

/**
 * Subjects with suggestions from the catalogue as you type; Enter, a suggestion or the button adds
 * one. The expert application and the project form both use it, in their own words.
 */
export function SubjectPicker({
  subjects,
  onChange,
  error,
  label = 'Subjects',
  listLabel = 'Chosen subjects',
  hint = 'Type a subject and press Enter. We match experts who work in these.',
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
  const [text, setText] = useState('');
  const suggestions = useQuery(subjectSuggestionsQuery(text.trim()));
  const add = (value = text) => {
    const subject = value.trim();
    if (subject.length < 2 || subjects.length >= MAX) return;
    if (!subjects.some((s) => s.toLowerCase() === subject.toLowerCase())) onChange([...subjects, subject]);
    setText('');
  };
  const offered = (suggestions.data?.subjects ?? []).filter(
    (s) => !subjects.some((chosen) => chosen.toLowerCase() === s.name.toLowerCase()),
  );
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
        {label} (up to {MAX})
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
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={controlClasses(Boolean(error))}
        />
        <Button variant="secondary" onClick={() => add()} disabled={subjects.length >= MAX}>
          Add
        </Button>
      </div>
      <datalist id={`${id}-list`}>
        {offered.map((subject) => (
          <option key={subject.slug} value={subject.name} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {offered.length > 0 && text.trim().length >= 2 && (
        <div className="flex flex-wrap gap-2" aria-label="Suggested subjects" role="group">
          {offered.slice(0, 5).map((subject) => (
            <button
              key={subject.slug}
              type="button"
              onClick={() => add(subject.name)}
              className="rounded-full border border-brand-200 px-3 py-1 text-sm text-brand-800 hover:bg-brand-50"
            >
              + {subject.name}
            </button>
          ))}
        </div>
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
