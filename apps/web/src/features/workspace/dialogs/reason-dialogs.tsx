import { zodResolver } from '@hookform/resolvers/zod';
import {
  cancelContractRequestSchema,
  disputeMilestoneRequestSchema,
  refundMilestoneRequestSchema,
  type Contract,
} from '@sciwise/contracts';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { contractActionCopy, milestoneActionCopy, type ActionCopy } from '../consequences.ts';
import { money } from '../format.ts';
import { useIdempotencyKeys } from '../idempotency.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';
import type { MilestoneDialogProps } from './types.ts';

/** Every reason has the same rules shape ({ reason }), each action its own limits. */
type ReasonSchema =
  | typeof refundMilestoneRequestSchema
  | typeof disputeMilestoneRequestSchema
  | typeof cancelContractRequestSchema;

interface ReasonDialogProps {
  copy: ActionCopy;
  onClosed: () => void;
  schema: ReasonSchema;
  /** The reason field's label and example. */
  label: string;
  placeholder?: string;
  /** Sends the checked reason to the server. */
  send: (reason: string) => Promise<unknown>;
  success: string;
  /** Said before the field. */
  children?: ReactNode;
}

/** Refund, dispute and cancel differ only in their words and call: one reason, checked, then sent. */
function ReasonDialog({
  copy,
  onClosed,
  schema,
  label,
  placeholder,
  send,
  success,
  children,
}: ReasonDialogProps) {
  const dialog = useActionDialog();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  return (
    <ActionDialog
      dialog={dialog}
      onClosed={onClosed}
      copy={copy}
      onSubmit={form.handleSubmit(({ reason }) =>
        dialog.run(async () => {
          await send(reason);
        }, success),
      )}
    >
      {children}
      <TextareaField
        label={label}
        placeholder={placeholder}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </ActionDialog>
  );
}

export function RefundDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const keyFor = useIdempotencyKeys();
  const refund = useContractChange(contract.id, (input: { reason: string; key: string }) =>
    contractCalls.refund(milestone.id, { reason: input.reason }, input.key),
  );
  return (
    <ReasonDialog
      copy={milestoneActionCopy('refund', milestone, contract)}
      onClosed={onClosed}
      schema={refundMilestoneRequestSchema}
      label="Why the money goes back"
      placeholder={
        contract.role === 'expert'
          ? 'e.g. I cannot deliver this after all.'
          : 'e.g. We no longer need this part.'
      }
      send={(reason) => refund.mutateAsync({ reason, key: keyFor({ milestone: milestone.id, reason }) })}
      success={`Refunded: ${money(milestone.funding.total)} goes back to ${contract.client.name}.`}
    />
  );
}

export function DisputeDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const dispute = useContractChange(contract.id, (reason: string) =>
    contractCalls.dispute(milestone.id, { reason }),
  );
  return (
    <ReasonDialog
      copy={milestoneActionCopy('dispute', milestone, contract)}
      onClosed={onClosed}
      schema={disputeMilestoneRequestSchema}
      label="What is the problem?"
      placeholder="What was agreed, what happened, and what you think is fair."
      send={(reason) => dispute.mutateAsync(reason)}
      success={`Dispute opened: a mediator will look at “${milestone.title}”.`}
    >
      <p className="text-sm text-slate-700">
        Try the conversation first: most problems are settled there. A mediator reads the messages, the
        submissions and the activity log.
      </p>
    </ReasonDialog>
  );
}

export function CancelContractDialog({ contract, onClosed }: { contract: Contract; onClosed: () => void }) {
  const cancel = useContractChange(contract.id, (reason: string) =>
    contractCalls.cancel(contract.id, { reason }),
  );
  return (
    <ReasonDialog
      copy={contractActionCopy('cancel', contract)}
      onClosed={onClosed}
      schema={cancelContractRequestSchema}
      label="Why the contract ends"
      placeholder="The other side reads this."
      send={(reason) => cancel.mutateAsync(reason)}
      success="The contract is cancelled."
    />
  );
}
