import {
  externalSignInPaths,
  identityProvidersResponseSchema,
  type IdentityProvider,
} from '@sciwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buttonClasses } from '../../components/ui/button.tsx';
import { apiRequest } from '../../lib/api-client.ts';

export const identityProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => apiRequest('/api/auth/providers', { schema: identityProvidersResponseSchema }),
  staleTime: 5 * 60_000,
});

/** Where the provider button goes: the server starts the redirect and keeps its secrets. */
export function signInStartUrl(provider: IdentityProvider, returnTo: string | null): string {
  const base = externalSignInPaths.start(provider.name);
  return returnTo ? `${base}?${new URLSearchParams({ returnTo })}` : base;
}

/**
 * "Continue with <label>" for each provider the server has configured; nothing at all when none
 * is, or while the list loads or fails (the password form below still works).
 */
export function ExternalSignInButtons({ returnTo }: { returnTo: string | null }) {
  const providers = useQuery(identityProvidersQuery);
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mb-5">
      <ul className="space-y-2" aria-label="Sign in with an identity provider">
        {list.map((provider) => (
          <li key={provider.name}>
            <a
              href={signInStartUrl(provider, returnTo)}
              className={buttonClasses('secondary', 'lg', 'w-full')}
            >
              Continue with {provider.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-5 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or use your e-mail
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </p>
    </div>
  );
}
