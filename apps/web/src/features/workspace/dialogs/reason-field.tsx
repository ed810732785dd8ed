import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { controlClasses } from '../../../components/ui/field.tsx';

interface ReasonFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
}

/** A labelled text area for a reason, with its error tied to it for screen readers. */
export const ReasonField = forwardRef<HTMLTextAreaElement, ReasonFieldProps>(function ReasonField(
  { label, error, ...rest },
  ref,
) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={4}
        className={controlClasses(Boolean(error))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
});
