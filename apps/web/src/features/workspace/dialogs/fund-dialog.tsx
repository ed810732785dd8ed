import { contractCalls, useContractChange } from '../queries.ts';
import { milestoneActionCopy } from '../consequences.ts';
import { money } from '../format.ts';
import { useIdempotencyKeys } from '../idempotency.ts';
import { ActionDialog, useActionRun } from './action-dialog.tsx';
import { CardFields, useCardForm } from './card-fields.tsx';
import type { MilestoneDialogProps } from './types.ts';

/** Funding: the charge stated first, then the card; a declined card leaves everything as it was. */
export function FundDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const copy = milestoneActionCopy('fund', milestone, contract);
  const { open, close, busy, error, run } = useActionRun();
  const card = useCardForm();
  const keyFor = useIdempotencyKeys();
  const fund = useContractChange(contract.id, (input: { token: string; key: string }) =>
    contractCalls.fund(milestone.id, input.token, input.key),
  );
  return (
    <ActionDialog
      open={open}
      onBack={close}
      onClosed={onClosed}
      copy={copy}
      busy={busy}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        void run(
          async () => {
            const token = await card.tokenize();
            if (!token) return false;
            const body = { paymentToken: token.token };
            await fund.mutateAsync({ token: token.token, key: keyFor({ milestone: milestone.id, ...body }) });
          },
          `Funded: ${money(milestone.funding.total)} is held in escrow for “${milestone.title}”.`,
        );
      }}
    >
      <CardFields form={card.form} />
    </ActionDialog>
  );
}
