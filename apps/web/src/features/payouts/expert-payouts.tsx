import { useQuery } from '@tanstack/react-query';
import { applicationQuery } from '../experts/queries.ts';
import { PayoutMethodCard } from './payout-method-card.tsx';
import { PayoutsCard } from './payouts-card.tsx';

/**
 * The expert's half of Payment Details: their bank account and their payouts. Shown to people
 * with an expert profile, the same rule the server applies to the payout routes.
 */
export function ExpertPayouts() {
  const application = useQuery(applicationQuery);
  if (!application.data?.id) return null;
  return (
    <div className="space-y-6">
      <PayoutMethodCard />
      <PayoutsCard />
    </div>
  );
}
