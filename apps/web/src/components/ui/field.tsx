import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn.ts';

export const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-control border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-500',
    'focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-danger-600' : 'border-slate-300',
  );

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

interface InputFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  wrapperClassName?: string;
}

export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, error, hint, id, className, wrapperClassName, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={wrapperClassName}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses(Boolean(error)), className)}
        {...rest}
      />
    </FieldShell>
  );
});

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  wrapperClassName?: string;
  children: ReactNode;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className, wrapperClassName, children, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint} className={wrapperClassName}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={cn(controlClasses(Boolean(error)), 'pr-8', className)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
});

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

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
});
