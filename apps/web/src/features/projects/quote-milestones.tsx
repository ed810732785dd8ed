import type { Quote } from '@sciwise/contracts';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { formatMoney } from './format.ts';

/** A milestone's acceptance criteria, as the client will tick them before approving. */
export function CriteriaList({ criteria, milestone }: { criteria: string[]; milestone: string }) {
  if (criteria.length === 0) return null;
  return (
    <ul aria-label={`Acceptance criteria for ${milestone}`} className="mt-1 space-y-0.5 pl-4">
      {criteria.map((criterion, index) => (
        <li key={index} className="flex gap-1.5 text-xs text-slate-600">
          <CheckIcon className="mt-0.5 size-3 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">{criterion}</span>
        </li>
      ))}
    </ul>
  );
}

/** A quote's milestones with their amounts and acceptance criteria. */
export function QuoteMilestones({ quote }: { quote: Pick<Quote, 'milestones' | 'price'> }) {
  return (
    <ol className="space-y-2 text-sm">
      {quote.milestones.map((m, index) => (
        <li key={index}>
          <div className="flex justify-between gap-3">
            <span className="min-w-0 break-words text-slate-700">
              {index + 1}. {m.title}
            </span>
            <span className="font-medium whitespace-nowrap text-slate-900">
              {formatMoney(m.amountMinor, quote.price.currency)}
            </span>
          </div>
          <CriteriaList criteria={m.criteria} milestone={m.title} />
        </li>
      ))}
    </ol>
  );
}
