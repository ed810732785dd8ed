import type { Contract, MilestoneAction } from '@sciwise/contracts';
import { contractActionCopy, milestoneActionCopy } from '../consequences.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';
import type { MilestoneDialogProps } from './types.ts';

type ProposalAnswer = Extract<MilestoneAction, 'accept_proposal' | 'decline_proposal' | 'withdraw_proposal'>;

const proposalCalls = {
  accept_proposal: contractCalls.acceptProposal,
  decline_proposal: contractCalls.declineProposal,
  withdraw_proposal: contractCalls.withdrawProposal,
};
const proposalDone = {
  accept_proposal: 'added to the contract',
  decline_proposal: 'declined',
  withdraw_proposal: 'withdrawn',
};

/** Accept, decline or withdraw a milestone proposed on a running contract. */
export function ProposalAnswerDialog({
  action,
  contract,
  milestone,
  onClosed,
}: MilestoneDialogProps & { action: ProposalAnswer }) {
  const dialog = useActionDialog();
  const answer = useContractChange(contract.id, () => proposalCalls[action](milestone.id));
  return (
    <ActionDialog
      dialog={dialog}
      onClosed={onClosed}
      copy={milestoneActionCopy(action, milestone, contract)}
      onSubmit={() =>
        dialog.run(async () => {
          await answer.mutateAsync(undefined);
        }, `“${milestone.title}” is ${proposalDone[action]}.`)
      }
    />
  );
}

export function EndContractDialog({ contract, onClosed }: { contract: Contract; onClosed: () => void }) {
  const dialog = useActionDialog();
  const end = useContractChange(contract.id, () => contractCalls.end(contract.id));
  return (
    <ActionDialog
      dialog={dialog}
      onClosed={onClosed}
      copy={contractActionCopy('end', contract)}
      onSubmit={() =>
        dialog.run(async () => {
          await end.mutateAsync(undefined);
        }, 'The contract is completed.')
      }
    />
  );
}
