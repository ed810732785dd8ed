import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface CardProps {
  title?: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3';
  id?: string;
}

export function Card({ title, description, children, className, headingLevel = 'h2', id }: CardProps) {
  const Heading = headingLevel;
  return (
    <section
      id={id}
      aria-labelledby={title && id ? `${id}-title` : undefined}
      className={cn('rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6', className)}
    >
      {title && (
        <Heading id={id ? `${id}-title` : undefined} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
      )}
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      {children && <div className={cn(title || description ? 'mt-5' : undefined)}>{children}</div>}
    </section>
  );
}
