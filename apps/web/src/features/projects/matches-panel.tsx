import type { ExpertMatch } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { CheckIcon, SearchIcon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { StarRating } from '../../components/star-rating.tsx';
import { formatMoney } from './format.ts';
import { matchesQuery, useInvite } from './queries.ts';
import { QueryState } from './shared.tsx';

function MatchRow({
  match,
  projectId,
  canInvite,
}: {
  match: ExpertMatch;
  projectId: string;
  canInvite: boolean;
}) {
  const invite = useInvite(projectId);
  const invited = match.invitation !== null || invite.isSuccess;
  return (
    <li className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:flex-row sm:items-center">
      <img
        src={match.avatarUrl}
        alt=""
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to={`/experts/${match.slug}`} className="font-semibold text-slate-900 hover:underline">
            {match.name}
          </Link>
          <span className="flex items-center gap-1 text-xs text-slate-600">
            <StarRating rating={match.rating} /> ({match.reviewCount})
          </span>
          <span className="text-sm font-semibold text-slate-900">
            {formatMoney(match.rate.amountMinor, match.rate.currency)}
            <span className="font-normal text-slate-600">/hr</span>
          </span>
        </p>
        <p className="mt-0.5 line-clamp-1 text-sm text-slate-700">{match.headline}</p>
        <p className="mt-1 text-sm text-brand-800">{match.reason}</p>
        {invite.isError && <p className="mt-1 text-sm text-danger-700">{errorMessage(invite.error)}</p>}
      </div>
      {invited ? (
        <span className="inline-flex items-center gap-1 self-start rounded-full bg-success-50 px-3 py-1 text-sm font-semibold text-success-800 sm:self-center">
          <CheckIcon className="size-4" /> Invited
        </span>
      ) : (
        canInvite && (
          <Button
            size="sm"
            className="self-start sm:self-center"
            loading={invite.isPending}
            onClick={() => invite.mutate({ expertId: match.userId })}
            aria-label={`Invite ${match.name} to quote`}
          >
            Invite to quote
          </Button>
        )
      )}
    </li>
  );
}

/** The owner's ranked list of fitting experts, each one click from an invitation. */
/** `offeredSlug`: an expert already offered above (the owner came from their profile), not listed twice. */
export function MatchesPanel({
  projectId,
  canInvite,
  offeredSlug,
}: {
  projectId: string;
  canInvite: boolean;
  offeredSlug?: string | null;
}) {
  const matches = useQuery(matchesQuery(projectId));
  const shown = matches.data?.matches.filter((match) => match.slug !== offeredSlug) ?? [];
  return (
    <section aria-labelledby="matches-heading" className="space-y-4">
      <div>
        <h2 id="matches-heading" className="text-xl font-semibold text-slate-900">
          Experts who fit your project
        </h2>
        <p className="text-sm text-slate-600">
          Ranked by subjects, category, rating, availability and rate. Invited experts are notified at once.
        </p>
      </div>
      {!canInvite && (
        <Alert tone="info">Publish the project to invite experts; until then this is a preview.</Alert>
      )}
      <QueryState query={matches} label="Finding experts...">
        {() =>
          shown.length > 0 ? (
            <ul className="space-y-3">
              {shown.map((match) => (
                <MatchRow key={match.userId} match={match} projectId={projectId} canInvite={canInvite} />
              ))}
            </ul>
          ) : (
            <EmptyState icon={<SearchIcon />} title="No matching experts yet">
              Nobody fits these subjects and budget right now. Experts browsing open projects can still find
              it and quote; widening the budget or subjects brings in more matches.
            </EmptyState>
          )
        }
      </QueryState>
    </section>
  );
}
