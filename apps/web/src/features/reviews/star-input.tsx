import { useId } from 'react';
import { StarIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';

interface StarInputProps {
  legend: string;
  value: number;
  onChange: (stars: number) => void;
  error?: string | undefined;
  size?: 'md' | 'sm';
}

const starWords = [
  '',
  '1 star: poor',
  '2 stars: fair',
  '3 stars: good',
  '4 stars: very good',
  '5 stars: excellent',
];

/**
 * 1 to 5 stars as a native radio group: arrow keys move between stars, a screen reader hears
 * the legend and "3 stars: good, 3 of 5", and the stars up to the choice light up.
 */
export function StarInput({ legend, value, onChange, error, size = 'md' }: StarInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="relative block cursor-pointer">
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- a native radio exposes aria-invalid; ARIA's table for role radio leaves it out */}
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-invalid={error ? true : undefined}
              // Transparent over its star: the star is what is clicked, the radio what is checked.
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <StarIcon
              filled={stars <= value}
              aria-hidden="true"
              className={cn(
                'rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                size === 'md' ? 'size-8' : 'size-6',
                stars <= value ? 'text-accent-500' : 'text-slate-300 hover:text-accent-400',
              )}
            />
            <span className="sr-only">{starWords[stars]}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value > 0 ? starWords[value]!.split(': ')[1] : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
