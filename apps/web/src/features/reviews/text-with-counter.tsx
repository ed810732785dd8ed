import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { controlClasses } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';

interface TextWithCounterProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> {
  label: string;
  value: string;
  max: number;
  hint?: string;
  error?: string | undefined;
}

/** A labelled text area that counts characters against the contract's limit as you type. */
export const TextWithCounter = forwardRef<HTMLTextAreaElement, TextWithCounterProps>(function TextWithCounter(
  { label, value, max, hint, error, ...rest },
  ref,
) {
  const id = useId();
  const over = value.length > max;
  const described = [`${id}-count`, hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={4}
        value={value}
        className={controlClasses(Boolean(error) || over)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
        {...rest}
      />
      <div className="flex justify-between gap-3 text-xs">
        <span id={`${id}-hint`} className="text-slate-600">
          {hint}
        </span>
        <span
          id={`${id}-count`}
          className={cn(
            'shrink-0 whitespace-nowrap',
            over ? 'font-medium text-danger-700' : 'text-slate-600',
          )}
        >
          {value.length} / {max}
          <span className="sr-only"> characters</span>
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
});
