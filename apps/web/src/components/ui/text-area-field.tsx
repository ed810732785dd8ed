import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './field.tsx';

/** A counter needs the text itself, so a counted field is a controlled one. */
type Counting = { limit: number; value: string } | { limit?: undefined; value?: string };

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> &
  Counting & {
    label: string;
    hint?: string;
    error?: string | undefined;
  };

/**
 * A labelled text area with its error tied to it for screen readers. Given a `limit`, it also counts
 * characters against the contract's limit as you type, and a text over the limit reads as invalid.
 */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, value, limit, hint, error, ...rest },
  ref,
) {
  const id = useId();
  const counted = limit !== undefined;
  const length = value?.length ?? 0;
  const over = counted && length > limit;
  const described = [counted ? `${id}-count` : null, hint ? `${id}-hint` : null, error ? `${id}-error` : null]
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
        aria-describedby={described || undefined}
        {...rest}
      />
      {(counted || hint) && (
        <div className="flex justify-between gap-3 text-xs">
          <span id={`${id}-hint`} className="text-slate-600">
            {hint}
          </span>
          {counted && (
            <span
              id={`${id}-count`}
              className={cn(
                'shrink-0 whitespace-nowrap',
                over ? 'font-medium text-danger-700' : 'text-slate-600',
              )}
            >
              {length} / {limit}
              <span className="sr-only"> characters</span>
            </span>
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
});
