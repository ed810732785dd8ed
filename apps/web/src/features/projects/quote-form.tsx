import {
  COVER_LETTER_MAX,
  MILESTONE_TITLE_MAX,
  QUOTE_MILESTONES_MAX,
  quoteRequestSchema,
  type Quote,
  type QuoteRequest,
  type RateCurrency,
} from '@sciwise/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cleanCriteria, CriteriaEditor } from './criteria-editor.tsx';
import { fromMinor, toMinor } from './format.ts';
import { useEditQuote, useSendQuote } from './queries.ts';
import { QuoteEarnings } from './quote-earnings.tsx';

interface MilestoneRow {
  title: string;
  amount: string;
  criteria: string[];
}

const emptyRow = (): MilestoneRow => ({ title: '', amount: '', criteria: [] });

/**
 * Send or edit a quote. The total is the sum of the milestones, so they always add up; the
 * contract's schema checks the rest before anything is sent.
 */
export function QuoteForm({
  projectId,
  currency,
  existing,
  onDone,
}: {
  projectId: string;
  currency: RateCurrency;
  existing?: Quote;
  onDone: () => void;
}) {
  const send = useSendQuote(projectId);
  const edit = useEditQuote();
  const [coverLetter, setCoverLetter] = useState(existing?.coverLetter ?? '');
  const [duration, setDuration] = useState(existing ? String(existing.durationDays) : '');
  const [rows, setRows] = useState<MilestoneRow[]>(
    existing?.milestones.map((m) => ({
      title: m.title,
      amount: fromMinor(m.amountMinor),
      criteria: m.criteria,
    })) ?? [emptyRow()],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const amounts = rows.map((row) => toMinor(row.amount));
  const total = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  const mutation = existing ? edit : send;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amounts.some((amount) => amount === null || amount <= 0)) {
      setProblem('Give every milestone an amount greater than zero, e.g. 500 or 499.99.');
      return;
    }
    const quote: QuoteRequest = {
      coverLetter: coverLetter.trim(),
      priceMinor: total,
      durationDays: Number(duration),
      milestones: rows.map((row, index) => ({
        title: row.title.trim(),
        amountMinor: amounts[index]!,
        criteria: cleanCriteria(row.criteria),
      })),
    };
    const parsed = quoteRequestSchema.safeParse(quote);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the quote.');
      return;
    }
    setProblem(null);
    const done = { onSuccess: onDone };
    if (existing) edit.mutate({ id: existing.id, quote }, done);
    else send.mutate(quote, done);
  };

  const update = (index: number, patch: Partial<MilestoneRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label={existing ? 'Edit your quote' : 'Send a quote'}
    >
      <TextareaField
        id="quote-cover"
        label="Cover letter"
        rows={6}
        maxLength={COVER_LETTER_MAX}
        value={coverLetter}
        onChange={(e) => setCoverLetter(e.target.value)}
        placeholder="Why you, how you would approach the work, and what the client gets."
      />
      <InputField
        label="Duration in days"
        inputMode="numeric"
        value={duration}
        onChange={(e) => setDuration(e.target.value.replace(/\D/g, ''))}
        wrapperClassName="max-w-48"
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Milestones ({currency})</legend>
        {rows.map((row, index) => (
          <div key={index} className="space-y-2 border-t border-slate-200 pt-3 first-of-type:border-t-0">
            <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
              <InputField
                label={`Milestone ${index + 1}`}
                value={row.title}
                maxLength={MILESTONE_TITLE_MAX}
                onChange={(e) => update(index, { title: e.target.value })}
                placeholder="e.g. Analysis plan"
              />
              <InputField
                label={`Amount ${index + 1}`}
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => update(index, { amount: e.target.value })}
                placeholder="500"
              />
              <Button
                variant="ghost"
                aria-label={`Remove milestone ${index + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              >
                <CloseIcon className="size-4" />
              </Button>
            </div>
            <CriteriaEditor
              milestone={index + 1}
              value={row.criteria}
              onChange={(criteria) => update(index, { criteria })}
            />
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows((current) => [...current, emptyRow()])}
          disabled={rows.length >= QUOTE_MILESTONES_MAX}
        >
          Add a milestone
        </Button>
      </fieldset>
      <QuoteEarnings amountsMinor={amounts.map((amount) => amount ?? 0)} currency={currency} />
      {(problem || mutation.isError) && <Alert>{problem ?? errorMessage(mutation.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={mutation.isPending}>
          {existing ? 'Save quote' : 'Send quote'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
