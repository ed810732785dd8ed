import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type Tone = 'danger' | 'success' | 'info' | 'warning';

const tones: Record<Tone, string> = {
  danger: 'border-danger-600/40 bg-danger-50 text-danger-800',
  success: 'border-success-700/30 bg-success-50 text-success-800',
  info: 'border-brand-600/30 bg-brand-50 text-brand-900',
  warning: 'border-warning-800/30 bg-warning-50 text-warning-800',
};

interface AlertProps {
  tone?: Tone;
  title?: string;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}

/** Errors are announced at once (role="alert"); other notices politely (role="status"). */
export function Alert({ tone = 'danger', title, children, className, action }: AlertProps) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-control border px-4 py-3 text-sm',
        tones[tone],
        className,
      )}
    >
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
      {action}
    </div>
  );
}
