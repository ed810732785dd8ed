import {
  externalSignInPaths,
  linkedIdentitiesResponseSchema,
  messageResponseSchema,
  type LinkedIdentity,
} from '@sciwise/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { VerifiedOrcidBadge } from '../experts/verified-orcid-badge.tsx';

const identitiesQuery = queryOptions({
  queryKey: ['me', 'identities'],
  queryFn: () => apiRequest('/api/me/identities', { schema: linkedIdentitiesResponseSchema }),
});

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function IdentityRow({ identity }: { identity: LinkedIdentity }) {
  const queryClient = useQueryClient();
  const unlink = useMutation({
    mutationFn: () =>
      apiRequest(`/api/me/identities/${identity.id}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesQuery.queryKey }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="text-sm font-medium text-slate-900">{identity.label}</p>
        <p className="text-xs text-slate-600">
          {identity.email ? `${identity.email} · ` : ''}linked {formatDate(identity.linkedAt)}
          {identity.lastUsedAt ? ` · last used ${formatDate(identity.lastUsedAt)}` : ''}
        </p>
        {identity.orcid && (
          <div className="mt-1.5">
            <VerifiedOrcidBadge orcid={identity.orcid} />
            <p className="mt-1 text-xs text-slate-600">
              Shown on your expert profile and in search while this stays linked.
            </p>
          </div>
        )}
        {!identity.canUnlink && (
          <p className="text-xs text-slate-600">Your only way to sign in, so it stays linked.</p>
        )}
        {unlink.isError && (
          <p className="text-xs font-medium text-danger-700" role="alert">
            {errorMessage(unlink.error)}
          </p>
        )}
      </div>
      {identity.canUnlink && (
        <Button
          size="sm"
          variant="secondary"
          loading={unlink.isPending}
          disabled={unlink.isPending}
          onClick={() => unlink.mutate()}
          aria-label={`Unlink ${identity.label}`}
        >
          Unlink
        </Button>
      )}
    </li>
  );
}

/** Settings' list of identity providers: link another, unlink one, never the last way in. */
export function SignInMethodsCard() {
  const identities = useQuery(identitiesQuery);
  const [params] = useSearchParams();
  const justLinked = params.get('linked');
  const data = identities.data;
  // Nothing to show on a server with no providers and an account with none linked.
  if (data && data.identities.length === 0 && data.linkable.length === 0) return null;
  const linkedLabel = data?.identities.find((identity) => identity.provider === justLinked)?.label;
  return (
    <Card
      title="Sign-in methods"
      description="Identity providers you can use to sign in to this account."
      id="sign-in-methods"
    >
      {identities.isPending ? (
        <Spinner label="Loading your sign-in methods..." />
      ) : identities.isError ? (
        <RetryAlert onRetry={identities.refetch}>
          {errorMessage(identities.error, 'We could not load your sign-in methods.')}
        </RetryAlert>
      ) : (
        <>
          {linkedLabel && (
            <Alert tone="success" className="mb-4">
              {linkedLabel} is now linked: you can use it to sign in.
            </Alert>
          )}
          {data!.identities.length === 0 ? (
            <p className="text-sm text-slate-600">
              {data!.hasPassword ? 'You sign in with your e-mail and password.' : 'No provider is linked.'}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Linked providers">
              {data!.identities.map((identity) => (
                <IdentityRow key={identity.id} identity={identity} />
              ))}
            </ul>
          )}
          {data!.linkable.length > 0 && (
            <div className="mt-4 flex flex-wrap gap-2">
              {data!.linkable.map((provider) => (
                <a
                  key={provider.name}
                  href={externalSignInPaths.link(provider.name)}
                  className={buttonClasses('secondary', 'md')}
                >
                  Link {provider.label}
                </a>
              ))}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
