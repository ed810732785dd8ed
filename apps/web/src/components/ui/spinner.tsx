import { cn } from '../../lib/cn.ts';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers (and shown beside the spinner); null for a purely decorative spinner. */
  label?: string | null;
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

export function Spinner({ size = 'md', label = 'Loading...', className }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        sizes[size],
      )}
    />
  );
  if (label === null) return circle;
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-slate-700', className)}>
      {circle}
      <span>{label}</span>
    </span>
  );
}

/** A whole-area loading state. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <Spinner size="lg" label={label} className="text-brand-700" />
    </div>
  );
}
