import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The dark band every public page starts with; the transparent header sits on top of it. */
export function PageHero({ eyebrow, title, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 pt-28 pb-14 text-white md:pt-44 md:pb-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl md:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-base text-brand-100 sm:text-lg">{children}</div>}
      </div>
    </section>
  );
}
