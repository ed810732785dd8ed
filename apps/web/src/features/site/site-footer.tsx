import { Link } from 'react-router';
import { HydrationIsland } from './hydration-island.tsx';
import { Logo } from '../../components/logo.tsx';
import { categoryStrip, footerColumns } from './nav-data.ts';

function CategoryStripLinks() {
  return (
    <nav aria-label="Expert categories" className="border-y border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl items-center gap-3 overflow-x-auto px-4 py-4 sm:px-6">
        <span className="shrink-0 text-sm font-semibold text-slate-700">Explore expertise:</span>
        <ul className="flex gap-2">
          {categoryStrip.map((link) => (
            <li key={link.to} className="shrink-0">
              <Link
                to={link.to}
                className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:border-brand-600 hover:text-brand-800"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function SiteFooterContent() {
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-brand-200">
            Work with our network of scientists &amp; industry experts. Milestone payments held in escrow.
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-brand-100 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-brand-200 sm:px-6">
          © {new Date().getFullYear()} Sciwise. Project details are visible only to signed-in members.
        </p>
      </div>
    </footer>
  );
}

export function CategoryStrip() {
  return (
    <HydrationIsland name="category-strip">
      <CategoryStripLinks />
    </HydrationIsland>
  );
}

export function SiteFooter() {
  return (
    <HydrationIsland name="site-footer">
      <SiteFooterContent />
    </HydrationIsland>
  );
}
