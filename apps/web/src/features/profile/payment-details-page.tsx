import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/card.tsx';
import { applicationQuery } from '../experts/queries.ts';
import { SavedCardsSection } from '../payment-methods/saved-cards-section.tsx';
import { PageHeading } from './page-heading.tsx';

/**
 * Where an approved expert's payout method goes (the bank account the processor holds). Until it
 * is built this says so plainly; replace this component with the payout method section.
 */
function PayoutMethodPlaceholder() {
  return (
    <Card id="payout-method" title="Payout method">
      <p className="text-sm text-slate-600">
        Taking your earnings out to a bank account is not built yet. Money released to you stays on your
        Sciwise balance until it is.
      </p>
    </Card>
  );
}

/** Payment Details: saved cards for paying as a client; the payout method for approved experts. */
export function PaymentDetailsPage() {
  const application = useQuery(applicationQuery);
  return (
    <>
      <PageHeading title="Payment Details">
        How you fund milestones as a client, and where your earnings go as an expert.
      </PageHeading>
      <div className="space-y-6">
        <SavedCardsSection />
        {application.data?.status === 'approved' && <PayoutMethodPlaceholder />}
      </div>
    </>
  );
}
