import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';

export function Logo({ tone = 'light', to = '/' }: { tone?: 'light' | 'dark'; to?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-control text-lg font-bold tracking-tight',
        tone === 'light' ? 'text-white' : 'text-brand-900',
      )}
      aria-label="Sciwise home"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className={tone === 'light' ? 'fill-white' : 'fill-brand-700'} />
        <path
          d="M21 11.5c-1-1.6-2.9-2.5-5-2.5-2.9 0-5 1.6-5 3.9 0 5 10 3 10 7.4 0 2-2 3.7-5 3.7-2.3 0-4.3-1-5.3-2.8"
          fill="none"
          strokeWidth="2.6"
          strokeLinecap="round"
          className={tone === 'light' ? 'stroke-brand-800' : 'stroke-white'}
        />
      </svg>
      <span>Sciwise</span>
    </Link>
  );
}
