import { zodResolver } from '@hookform/resolvers/zod';
import {
  CRITERION_MAX_LENGTH,
  MILESTONE_TITLE_MAX,
  criteriaSchema,
  MILESTONE_CRITERIA_MAX,
  proposeMilestoneRequestSchema,
  type Contract,
} from '@sciwise/contracts';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { toMinor } from '../../../lib/format.ts';
import { contractActionCopy } from '../consequences.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';

const { title, amountMinor } = proposeMilestoneRequestSchema.shape;

/** The form's values, checked with the contract's own rules for each part. */
const proposeFormSchema = z.object({
  title,
  amount: z
    .string()
    .transform((value, ctx) => {
      const minor = toMinor(value);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 500 or 499.99.' });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(amountMinor),
  criteria: z.array(z.object({ text: criteriaSchema.element })).max(MILESTONE_CRITERIA_MAX),
});
type ProposeFormInput = z.input<typeof proposeFormSchema>;
type ProposeFormOutput = z.output<typeof proposeFormSchema>;

export function ProposeMilestoneDialog({ contract, onClosed }: { contract: Contract; onClosed: () => void }) {
  const dialog = useActionDialog();
  const propose = useContractChange(contract.id, (values: ProposeFormOutput) =>
    contractCalls.proposeMilestone(contract.id, {
      title: values.title,
      amountMinor: values.amount,
      criteria: values.criteria.map((criterion) => criterion.text),
    }),
  );
  const form = useForm<ProposeFormInput, unknown, ProposeFormOutput>({
    resolver: zodResolver(proposeFormSchema),
    defaultValues: { title: '', amount: '', criteria: [{ text: '' }] },
  });
  const criteria = useFieldArray({ control: form.control, name: 'criteria' });
  const { errors } = form.formState;
  return (
    <ActionDialog
      wide
      dialog={dialog}
      onClosed={onClosed}
      copy={contractActionCopy('propose_milestone', contract)}
      onSubmit={form.handleSubmit((values) =>
        dialog.run(async () => {
          await propose.mutateAsync(values);
        }, `“${values.title}” is proposed.`),
      )}
    >
      <InputField
        label="Milestone title"
        maxLength={MILESTONE_TITLE_MAX}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <InputField
        label={`Amount (${contract.price.currency})`}
        inputMode="decimal"
        placeholder="500"
        error={errors.amount?.message}
        wrapperClassName="max-w-64"
        {...form.register('amount')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Acceptance criteria</legend>
        <p className="text-xs text-slate-600">
          Short checks the client ticks before approving, e.g. “Figures as 300 dpi PNG”.
        </p>
        {criteria.fields.map((field, index) => (
          <div key={field.id} className="flex items-start gap-2">
            <InputField
              label={`Criterion ${index + 1}`}
              maxLength={CRITERION_MAX_LENGTH}
              wrapperClassName="flex-1"
              error={errors.criteria?.[index]?.text?.message}
              {...form.register(`criteria.${index}.text`)}
            />
            <Button
              variant="ghost"
              className="mt-6"
              aria-label={`Remove criterion ${index + 1}`}
              onClick={() => criteria.remove(index)}
            >
              <CloseIcon className="size-4" />
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          disabled={criteria.fields.length >= MILESTONE_CRITERIA_MAX}
          onClick={() => criteria.append({ text: '' })}
        >
          Add a criterion
        </Button>
      </fieldset>
    </ActionDialog>
  );
}
