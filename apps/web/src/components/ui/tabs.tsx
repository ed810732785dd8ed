import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  className?: string;
  listClassName?: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the active panel follows. */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  children,
  className,
  listClassName,
}: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onChange(target.value);
    refs.current[target.value]?.focus();
  };

  return (
    <div className={className}>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs inside take focus (roving tabindex), as WAI-ARIA's tabs pattern has it */}
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={cn('flex gap-1 rounded-control bg-slate-100 p-1', listClassName)}
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(node) => {
                refs.current[item.value] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={cn(
                'flex-1 rounded-[0.375rem] px-3 py-2 text-sm font-semibold transition-colors',
                selected ? 'bg-white text-brand-800 shadow-card' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${value}`} className="mt-5">
        {children}
      </div>
    </div>
  );
}
