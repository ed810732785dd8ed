import { zodResolver } from '@hookform/resolvers/zod';
import { approveMilestoneRequestSchema, requestChangesRequestSchema } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '../../../components/ui/field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { toMinor } from '../../../lib/format.ts';
import { bonusWords, milestoneActionCopy } from '../consequences.ts';
import { firstName, money } from '../format.ts';
import { useIdempotencyKeys } from '../idempotency.ts';
import { paymentTermsQuery } from '../../../lib/payment-terms.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';
import { CardFields, useCardForm } from '../../payment-methods/card-fields.tsx';
import { CriteriaChecklist } from './criteria-checklist.tsx';
import type { MilestoneDialogProps } from './types.ts';

/** The client sends the work back: a reason, and which criteria are not met yet. */
export function RequestChangesDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const dialog = useActionDialog();
  const change = useContractChange(contract.id, (body: z.output<typeof requestChangesRequestSchema>) =>
    contractCalls.requestChanges(milestone.id, body),
  );
  const form = useForm({
    resolver: zodResolver(requestChangesRequestSchema),
    defaultValues: { reason: '', unmetCriteria: [] as number[] },
  });
  const unmet = useWatch({ control: form.control, name: 'unmetCriteria' }) ?? [];
  return (
    <ActionDialog
      dialog={dialog}
      onClosed={onClosed}
      copy={milestoneActionCopy('request_changes', milestone, contract)}
      onSubmit={form.handleSubmit((body) =>
        dialog.run(
          () => change.mutateAsync(body).then(() => undefined),
          `“${milestone.title}” is back with ${firstName(contract.expert.name)} for changes.`,
        ),
      )}
    >
      {milestone.criteria.length > 0 && (
        <CriteriaChecklist
          legend="Which acceptance criteria are not met yet?"
          hint="Tick each one the expert still has to meet."
          criteria={milestone.criteria}
          checked={unmet}
          onChange={(next) => form.setValue('unmetCriteria', next)}
        />
      )}
      <TextareaField
        label="What needs to change"
        placeholder="Be specific: what is missing or wrong, and what would make it right."
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </ActionDialog>
  );
}

/** The bonus as typed: empty is none; otherwise an amount the contract's bonus rule accepts. */
const bonusSchema = z
  .string()
  .transform((value, ctx) => {
    if (value.trim() === '') return 0;
    const minor = toMinor(value);
    if (minor === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter the bonus as an amount such as 50 or 49.99, or leave it empty.',
      });
      return z.NEVER;
    }
    return minor;
  })
  .pipe(approveMilestoneRequestSchema.shape.bonusMinor.unwrap());

/** The client approves: every criterion ticked, an optional bonus (paid by card), then release. */
export function ApproveDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const dialog = useActionDialog();
  const terms = useQuery(paymentTermsQuery);
  const keyFor = useIdempotencyKeys();
  const card = useCardForm();
  const bonusId = useId();
  const [met, setMet] = useState<number[]>([]);
  const [bonusText, setBonusText] = useState('');
  const [bonusProblem, setBonusProblem] = useState<string | null>(null);
  const approve = useContractChange(
    contract.id,
    (input: { body: Parameters<typeof contractCalls.approve>[1]; key: string }) =>
      contractCalls.approve(milestone.id, input.body, input.key),
  );
  const bonus = bonusSchema.safeParse(bonusText);
  const bonusMinor = bonus.success ? bonus.data : 0;
  const { currency } = milestone.amount;
  const allTicked = met.length === milestone.criteria.length;
  const unticked = milestone.criteria.length - met.length;
  return (
    <ActionDialog
      wide
      dialog={dialog}
      onClosed={onClosed}
      copy={milestoneActionCopy('approve', milestone, contract)}
      canConfirm={allTicked}
      blocked={
        allTicked ? null : `Tick every criterion to approve (${unticked} left), or ask for changes instead.`
      }
      extra={
        bonusMinor > 0 && terms.data ? (
          <p data-testid="bonus-consequence">
            {bonusWords(bonusMinor, currency, terms.data.clientFeeBps)}{' '}
            {`${firstName(contract.expert.name)} gets the bonus with the release.`}
          </p>
        ) : null
      }
      onSubmit={() => {
        setBonusProblem(bonus.success ? null : (bonus.error.issues[0]?.message ?? null));
        if (!bonus.success || !allTicked) return;
        void dialog.run(
          async () => {
            let paymentToken: string | undefined;
            if (bonusMinor > 0) {
              const token = await card.tokenize();
              if (!token) return false;
              paymentToken = token.token;
            }
            const body = { metCriteria: met, bonusMinor, ...(paymentToken ? { paymentToken } : {}) };
            await approve.mutateAsync({ body, key: keyFor({ milestone: milestone.id, ...body }) });
          },
          `Approved: ${money(milestone.amount)} is released to ${contract.expert.name}.`,
        );
      }}
    >
      {milestone.criteria.length > 0 && (
        <CriteriaChecklist
          legend="Acceptance criteria"
          hint="Tick each criterion the delivered work meets. All of them must be met to approve."
          criteria={milestone.criteria}
          checked={met}
          onChange={setMet}
        />
      )}
      <InputField
        id={bonusId}
        label={`Bonus for ${firstName(contract.expert.name)} (optional, ${currency})`}
        inputMode="decimal"
        placeholder="0"
        value={bonusText}
        error={bonusProblem ?? undefined}
        hint="Charged to your card with the marketplace fee."
        onChange={(event) => setBonusText(event.target.value)}
        wrapperClassName="max-w-64"
      />
      {bonusMinor > 0 && <CardFields form={card.form} legend="Pay the bonus by card" />}
    </ActionDialog>
  );
}
