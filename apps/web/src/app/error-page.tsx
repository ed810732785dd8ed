import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { useRouteErrorValue } from './route-elements.tsx';

/** The router's error screen (spec §2): "Unexpected Application Error!" with a way home. */
export function ErrorPage() {
  const error = useRouteErrorValue();
  const detail = error instanceof Error ? error.message : 'Something went wrong while showing this page.';
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="max-w-lg rounded-card border border-slate-200 bg-white p-8 text-center shadow-card">
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-3 text-sm text-slate-700">
          Sorry, this page ran into a problem. Your data is safe; try again, or go back to the home page.
        </p>
        <p className="mt-3 rounded-control bg-slate-100 px-3 py-2 font-mono text-xs break-words text-slate-700">
          {detail}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="/" className={buttonClasses('primary')}>
            Go to the home page
          </a>
          <Link to="." reloadDocument className={buttonClasses('secondary')}>
            Reload this page
          </Link>
        </div>
      </div>
    </main>
  );
}
