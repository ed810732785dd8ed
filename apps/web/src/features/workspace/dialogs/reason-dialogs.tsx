import { zodResolver } from '@hookform/resolvers/zod';
import {
  cancelContractRequestSchema,
  disputeMilestoneRequestSchema,
  refundMilestoneRequestSchema,
  type Contract,
} from '@sciwise/contracts';
import { useForm } from 'react-hook-form';
import { contractActionCopy, milestoneActionCopy } from '../consequences.ts';
import { money } from '../format.ts';
import { useIdempotencyKeys } from '../idempotency.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionRun } from './action-dialog.tsx';
import { ReasonField } from './reason-field.tsx';
import type { MilestoneDialogProps } from './types.ts';

/** Every reason has the same rules shape ({ reason }), each action its own limits. */
type ReasonSchema =
  | typeof refundMilestoneRequestSchema
  | typeof disputeMilestoneRequestSchema
  | typeof cancelContractRequestSchema;

function useReasonForm(schema: ReasonSchema) {
  return useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
}

export function RefundDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const copy = milestoneActionCopy('refund', milestone, contract);
  const { open, close, busy, error, run } = useActionRun();
  const keyFor = useIdempotencyKeys();
  const refund = useContractChange(contract.id, (input: { reason: string; key: string }) =>
    contractCalls.refund(milestone.id, { reason: input.reason }, input.key),
  );
  const form = useReasonForm(refundMilestoneRequestSchema);
  return (
    <ActionDialog
      open={open}
      onBack={close}
      onClosed={onClosed}
      copy={copy}
      busy={busy}
      error={error}
      onSubmit={(event) =>
        void form.handleSubmit(({ reason }) =>
          run(
            async () => {
              await refund.mutateAsync({ reason, key: keyFor({ milestone: milestone.id, reason }) });
            },
            `Refunded: ${money(milestone.funding.total)} goes back to ${contract.client.name}.`,
          ),
        )(event)
      }
    >
      <ReasonField
        label="Why the money goes back"
        placeholder={
          contract.role === 'expert'
            ? 'e.g. I cannot deliver this after all.'
            : 'e.g. We no longer need this part.'
        }
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </ActionDialog>
  );
}

export function DisputeDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const copy = milestoneActionCopy('dispute', milestone, contract);
  const { open, close, busy, error, run } = useActionRun();
  const dispute = useContractChange(contract.id, (reason: string) =>
    contractCalls.dispute(milestone.id, { reason }),
  );
  const form = useReasonForm(disputeMilestoneRequestSchema);
  return (
    <ActionDialog
      open={open}
      onBack={close}
      onClosed={onClosed}
      copy={copy}
      busy={busy}
      error={error}
      onSubmit={(event) =>
        void form.handleSubmit(({ reason }) =>
          run(async () => {
            await dispute.mutateAsync(reason);
          }, `Dispute opened: a mediator will look at “${milestone.title}”.`),
        )(event)
      }
    >
      <p className="text-sm text-slate-700">
        Try the conversation first: most problems are settled there. A mediator reads the messages, the
        submissions and the activity log.
      </p>
      <ReasonField
        label="What is the problem?"
        placeholder="What was agreed, what happened, and what you think is fair."
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </ActionDialog>
  );
}

export function CancelContractDialog({ contract, onClosed }: { contract: Contract; onClosed: () => void }) {
  const copy = contractActionCopy('cancel', contract);
  const { open, close, busy, error, run } = useActionRun();
  const cancel = useContractChange(contract.id, (reason: string) =>
    contractCalls.cancel(contract.id, { reason }),
  );
  const form = useReasonForm(cancelContractRequestSchema);
  return (
    <ActionDialog
      open={open}
      onBack={close}
      onClosed={onClosed}
      copy={copy}
      busy={busy}
      error={error}
      onSubmit={(event) =>
        void form.handleSubmit(({ reason }) =>
          run(async () => {
            await cancel.mutateAsync(reason);
          }, 'The contract is cancelled.'),
        )(event)
      }
    >
      <ReasonField
        label="Why the contract ends"
        placeholder="The other side reads this."
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </ActionDialog>
  );
}
