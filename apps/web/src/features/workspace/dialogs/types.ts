import type { Contract, Milestone } from '@sciwise/contracts';

/** What every milestone dialog gets from the page. */
export interface MilestoneDialogProps {
  contract: Contract;
  milestone: Milestone;
  /** Called once the dialog has closed: the page unmounts it. */
  onClosed: () => void;
}
