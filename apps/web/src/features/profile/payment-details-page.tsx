import { SavedCardsSection } from '../payment-methods/saved-cards-section.tsx';
import { ExpertPayouts } from '../payouts/expert-payouts.tsx';
import { PageHeading } from '../../components/page-heading.tsx';

/** Payment Details: saved cards for paying as a client; bank account and payouts for experts. */
export function PaymentDetailsPage() {
  return (
    <>
      <PageHeading title="Payment Details">
        How you fund milestones as a client, and where your earnings go as an expert.
      </PageHeading>
      <div className="space-y-6">
        <SavedCardsSection />
        <ExpertPayouts />
      </div>
    </>
  );
}
