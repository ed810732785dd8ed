import { zodResolver } from '@hookform/resolvers/zod';
import { disputeOutcomes, resolveDisputeRequestSchema } from '@sciwise/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '../../../components/ui/field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { toMinor } from '../../../lib/format.ts';
import { milestoneActionCopy, resolutionWords } from '../consequences.ts';
import { useIdempotencyKeys } from '../idempotency.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';
import type { MilestoneDialogProps } from './types.ts';

const outcomeLabels = {
  release: 'Release to the expert',
  refund: 'Refund the client',
  split: 'Split between them',
} as const;

const resolveFormSchema = z.object({
  outcome: z.enum(disputeOutcomes),
  share: z.string(),
  note: z.string(),
});
type ResolveForm = z.infer<typeof resolveFormSchema>;

/** A mediator settles a dispute: release, refund, or a split whose parts add up to the hold. */
export function ResolveDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const dialog = useActionDialog();
  const keyFor = useIdempotencyKeys();
  const resolve = useContractChange(
    contract.id,
    (input: { body: z.output<typeof resolveDisputeRequestSchema>; key: string }) =>
      contractCalls.resolve(milestone.id, input.body, input.key),
  );
  const form = useForm<ResolveForm>({
    resolver: zodResolver(resolveFormSchema),
    defaultValues: { outcome: 'release', share: '', note: '' },
  });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const share = toMinor(useWatch({ control: form.control, name: 'share' })) ?? 0;
  const { errors } = form.formState;
  return (
    <ActionDialog
      dialog={dialog}
      onClosed={onClosed}
      copy={milestoneActionCopy('resolve', milestone, contract)}
      extra={<p>{resolutionWords(outcome, milestone, contract, share)}</p>}
      onSubmit={form.handleSubmit((values) => {
        const body = resolveDisputeRequestSchema.safeParse({
          outcome: values.outcome,
          note: values.note,
          ...(values.outcome === 'split' ? { expertShareMinor: toMinor(values.share) ?? -1 } : {}),
        });
        if (!body.success) {
          for (const issue of body.error.issues)
            form.setError(issue.path[0] === 'note' ? 'note' : 'share', { message: issue.message });
          return;
        }
        return dialog.run(async () => {
          await resolve.mutateAsync({
            body: body.data,
            key: keyFor({ milestone: milestone.id, ...body.data }),
          });
        }, 'The dispute is resolved.');
      })}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Decision</legend>
        {disputeOutcomes.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value={value} className="accent-brand-700" {...form.register('outcome')} />
            {outcomeLabels[value]}
          </label>
        ))}
      </fieldset>
      {outcome === 'split' && (
        <InputField
          label={`The expert’s share (${milestone.amount.currency})`}
          inputMode="decimal"
          error={errors.share?.message}
          wrapperClassName="max-w-64"
          {...form.register('share')}
        />
      )}
      <TextareaField
        label="Decision note for both sides"
        error={errors.note?.message}
        {...form.register('note')}
      />
    </ActionDialog>
  );
}
