import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, describedBy, FieldShell } from './field.tsx';

/** A counter needs the text itself, so a counted field is a controlled one. */
type Counting =
  | { limit: number; value: string }
  | { limit?: undefined; value?: TextareaHTMLAttributes<HTMLTextAreaElement>['value'] };

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> &
  Counting & {
    label: ReactNode;
    error?: string | undefined;
    hint?: ReactNode;
    wrapperClassName?: string;
  };

/**
 * A labelled text area. Given a `limit` (the contract's), it also counts characters as you type,
 * beside the hint, and a text over the limit reads as invalid.
 */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, id, className, wrapperClassName, limit, value, ...rest },
  ref,
) {
  const generated = useId();
  const textareaId = id ?? generated;
  if (limit === undefined) {
    return (
      <FieldShell id={textareaId} label={label} error={error} hint={hint} className={wrapperClassName}>
        <textarea
          ref={ref}
          id={textareaId}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(textareaId, error, hint)}
          className={cn(controlClasses(Boolean(error)), className)}
          {...rest}
        />
      </FieldShell>
    );
  }
  const length = (value as string).length;
  const over = length > limit;
  const described = [
    `${textareaId}-count`,
    hint ? `${textareaId}-hint` : null,
    error ? `${textareaId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('space-y-1.5', wrapperClassName)}>
      <label htmlFor={textareaId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={textareaId}
        rows={4}
        value={value}
        className={cn(controlClasses(Boolean(error) || over), className)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
        {...rest}
      />
      <div className="flex justify-between gap-3 text-xs">
        <span id={`${textareaId}-hint`} className="text-slate-600">
          {hint}
        </span>
        <span
          id={`${textareaId}-count`}
          className={cn(
            'shrink-0 whitespace-nowrap',
            over ? 'font-medium text-danger-700' : 'text-slate-600',
          )}
        >
          {length} / {limit}
          <span className="sr-only"> characters</span>
        </span>
      </div>
      {error && (
        <p id={`${textareaId}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
});
