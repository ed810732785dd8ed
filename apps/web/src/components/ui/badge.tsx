import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const badgeTones = {
  danger: 'bg-danger-50 text-danger-800',
  neutral: 'bg-slate-100 text-slate-700',
  brand: 'bg-brand-50 text-brand-800',
  success: 'bg-success-50 text-success-800',
  warning: 'bg-warning-50 text-warning-800',
};

export type BadgeTone = keyof typeof badgeTones;

/** A short state or label as a coloured pill ("Suspension", "Confirmed"). */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        badgeTones[tone],
      )}
    >
      {children}
    </span>
  );
}
