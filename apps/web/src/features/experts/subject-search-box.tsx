import { SEARCH_QUERY_MAX } from '@sciwise/contracts/constants';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { fetchSubjectSuggestions } from '../../lib/subjects-api.ts';
import { usePublicData } from '../site/use-public-data.ts';
import { SubjectListbox } from './subject-listbox.tsx';

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The search box: a combobox that suggests subject areas as you type (WAI-ARIA combobox pattern). */
export function SubjectSearchBox({
  defaultValue,
  onSearch,
}: {
  defaultValue: string;
  onSearch: (query: string) => void;
}) {
  const id = useId();
  const listId = `${id}-subjects`;
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = useDebounced(value.trim(), 150);
  const suggestions = usePublicData(prefix.length >= 2 ? `subjects:${prefix}` : null, () =>
    fetchSubjectSuggestions(prefix),
  );
  const subjects = open && prefix.length >= 2 ? (suggestions.data?.subjects ?? []) : [];
  const expanded = subjects.length > 0;

  // A new defaultValue (the page's query changed) replaces what is in the box.
  const [valueFrom, setValueFrom] = useState(defaultValue);
  if (defaultValue !== valueFrom) {
    setValueFrom(defaultValue);
    setValue(defaultValue);
  }

  const choose = (text: string) => {
    setValue(text);
    setOpen(false);
    setActive(-1);
    onSearch(text.trim());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    choose(active >= 0 && subjects[active] ? subjects[active].name : value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && subjects.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % subjects.length);
    } else if (event.key === 'ArrowUp' && subjects.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? subjects.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative flex w-full gap-2">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search subject areas
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="Search subject areas, e.g. bioinformatics"
          maxLength={SEARCH_QUERY_MAX}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          className="h-12 w-full rounded-control border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-brand-600"
        />
        <SubjectListbox
          id={listId}
          label="Subject suggestions"
          options={subjects}
          active={active}
          onChoose={(subject) => choose(subject.name)}
          detail={(subject) => <span className="text-xs text-slate-600">{subject.expertCount} experts</span>}
        />
      </div>
      <Button type="submit" size="lg" className="shrink-0">
        Search
      </Button>
    </form>
  );
}
