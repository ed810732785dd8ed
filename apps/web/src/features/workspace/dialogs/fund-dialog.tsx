import type { FundMilestoneRequest } from '@sciwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { PayWithCard, usePayWithCard } from '../../payment-methods/pay-with-card.tsx';
import { savedCardsKey } from '../../payment-methods/queries.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { milestoneActionCopy } from '../consequences.ts';
import { money } from '../format.ts';
import { useIdempotencyKeys } from '../idempotency.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';
import type { MilestoneDialogProps } from './types.ts';

/**
 * Funding: the charge stated first, then the card (a saved one, the default chosen at first, or a
 * new one that can be saved); a declined card leaves everything as it was.
 */
export function FundDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const dialog = useActionDialog();
  const pay = usePayWithCard();
  const keyFor = useIdempotencyKeys();
  const queryClient = useQueryClient();
  const fund = useContractChange(contract.id, (input: { body: FundMilestoneRequest; key: string }) =>
    contractCalls.fund(milestone.id, input.body, input.key),
  );
  return (
    <ActionDialog
      dialog={dialog}
      onClosed={onClosed}
      copy={milestoneActionCopy('fund', milestone, contract)}
      onSubmit={() =>
        dialog.run(
          async () => {
            const body = await pay.paymentFor();
            if (!body) return false;
            await fund.mutateAsync({ body, key: keyFor({ milestone: milestone.id, ...body }) });
            if (body.saveCard) void queryClient.invalidateQueries({ queryKey: savedCardsKey });
          },
          `Funded: ${money(milestone.funding.total)} is held in escrow for “${milestone.title}”.`,
        )
      }
    >
      <PayWithCard pay={pay} />
    </ActionDialog>
  );
}
