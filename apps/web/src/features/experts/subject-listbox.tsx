import type { ReactNode } from 'react';

export interface SubjectOption {
  slug: string;
  name: string;
}

/**
 * The suggestions under a subject combobox (WAI-ARIA listbox): option ids are `${id}-${index}`
 * for the input's aria-activedescendant. Choosing happens on mouse down, which keeps the focus
 * in the input so the list does not close before the click lands.
 */
export function SubjectListbox<T extends SubjectOption>({
  id,
  label,
  options,
  active,
  onChoose,
  detail,
}: {
  id: string;
  label: string;
  options: T[];
  active: number;
  onChoose: (option: T) => void;
  detail?: (option: T) => ReactNode;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      hidden={options.length === 0}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-control border border-slate-200 bg-white py-1 text-slate-900 shadow-lg"
    >
      {options.map((option, index) => (
        <li
          key={option.slug}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(option);
          }}
          className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
            index === active ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-50'
          }`}
        >
          <span>{option.name}</span>
          {detail?.(option)}
        </li>
      ))}
    </ul>
  );
}
