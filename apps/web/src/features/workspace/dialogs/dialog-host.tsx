import type { Contract, ContractAction, MilestoneAction } from '@sciwise/contracts';
import { EndContractDialog, ProposalAnswerDialog } from './confirm-dialogs.tsx';
import { FundDialog } from './fund-dialog.tsx';
import { ProposeMilestoneDialog } from './propose-milestone-dialog.tsx';
import { CancelContractDialog, DisputeDialog, RefundDialog } from './reason-dialogs.tsx';
import { ResolveDialog } from './resolve-dialog.tsx';
import { ApproveDialog, RequestChangesDialog } from './review-dialogs.tsx';
import { SubmitWorkDialog } from './submit-work-dialog.tsx';

/** The one dialog the page has open, if any. */
export type OpenDialog =
  | { kind: 'milestone'; action: MilestoneAction; milestoneId: string }
  | { kind: 'contract'; action: ContractAction };

/**
 * Mounts the dialog for the chosen action (each opening is a fresh mount: fresh fields, fresh
 * idempotency keys). A milestone that is gone shows nothing.
 */
export function DialogHost({
  contract,
  dialog,
  onClosed,
}: {
  contract: Contract;
  dialog: OpenDialog | null;
  onClosed: () => void;
}) {
  if (!dialog) return null;
  if (dialog.kind === 'contract') {
    const props = { contract, onClosed };
    switch (dialog.action) {
      case 'propose_milestone':
        return <ProposeMilestoneDialog {...props} />;
      case 'end':
        return <EndContractDialog {...props} />;
      case 'cancel':
        return <CancelContractDialog {...props} />;
    }
  }
  const milestone = contract.milestones.find((m) => m.id === dialog.milestoneId);
  if (!milestone) return null;
  const props = { contract, milestone, onClosed };
  switch (dialog.action) {
    case 'fund':
      return <FundDialog {...props} />;
    case 'submit':
      return <SubmitWorkDialog {...props} />;
    case 'request_changes':
      return <RequestChangesDialog {...props} />;
    case 'approve':
      return <ApproveDialog {...props} />;
    case 'refund':
      return <RefundDialog {...props} />;
    case 'dispute':
      return <DisputeDialog {...props} />;
    case 'resolve':
      return <ResolveDialog {...props} />;
    case 'accept_proposal':
    case 'decline_proposal':
    case 'withdraw_proposal':
      return <ProposalAnswerDialog {...props} action={dialog.action} />;
  }
}
