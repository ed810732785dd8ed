import { cardExpiry, type SavedCard } from '@sciwise/contracts';
import { CardIcon } from '../../components/ui/app-icons.tsx';
import { cn } from '../../lib/cn.ts';

/** A saved card as people recognise it: brand, the last four, the expiry, and its standing. */
export function SavedCardFace({ card }: { card: SavedCard }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <CardIcon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
          <span>
            {card.brand} <span aria-hidden="true">••••</span>
            <span className="sr-only">ending</span> {card.last4}
          </span>
          {card.isDefault && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              Default
            </span>
          )}
          {card.expired && (
            <span className="rounded-full bg-danger-50 px-2 py-0.5 text-xs font-semibold text-danger-800">
              Expired
            </span>
          )}
        </span>
        <span className={cn('block text-xs', card.expired ? 'text-danger-700' : 'text-slate-600')}>
          {card.expired ? 'Expired' : 'Expires'} {cardExpiry(card)}
        </span>
      </span>
    </span>
  );
}
