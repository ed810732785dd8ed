import type { CSSProperties } from 'react';
import { cn } from '../lib/cn.ts';

interface StepperProps {
  /** Names the navigation landmark, e.g. "Application steps". */
  label: string;
  titles: readonly string[];
  /** The step shown now (0-based). */
  current: number;
  /** Whether the person may go to a step from here; the others are shown but disabled. */
  isOpen: (index: number) => boolean;
  onSelect: (index: number) => void;
}

/**
 * The steps of a multi-step form, one button each: the current one marked (aria-current="step"),
 * the ones the person may go to in a light brand tone, the others disabled. The step itself lives
 * in the address (lib/use-step-param.ts); this only shows it and asks to move.
 */
export function Stepper({ label, titles, current, isOpen, onSelect }: StepperProps) {
  return (
    <nav aria-label={label}>
      <ol
        className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(var(--steps),minmax(0,1fr))]"
        style={{ '--steps': titles.length } as CSSProperties}
      >
        {titles.map((title, index) => {
          const open = isOpen(index);
          return (
            <li key={title}>
              <button
                type="button"
                onClick={() => (open ? onSelect(index) : undefined)}
                aria-current={index === current ? 'step' : undefined}
                disabled={!open && index !== current}
                className={cn(
                  'h-full w-full rounded-control border px-3 py-2 text-left text-sm font-medium',
                  index === current
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : open
                      ? 'border-brand-200 bg-brand-50 text-brand-900 hover:bg-brand-100'
                      : 'border-slate-200 bg-white text-slate-500',
                )}
              >
                <span className="block text-xs opacity-80">Step {index + 1}</span>
                {title}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
