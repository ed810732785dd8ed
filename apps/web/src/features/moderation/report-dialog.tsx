import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_DETAILS_MAX,
  REPORT_RECEIVED,
  reportReasonLabels,
  reportReasons,
  reportRequestSchema,
  type ReportReceipt,
  type ReportSubject,
} from '@sciwise/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useReport, type ReportTarget } from './queries.ts';

const copy: Record<ReportSubject, { title: string; legend: string; thing: string }> = {
  project: {
    title: 'Report this project',
    legend: 'Why are you reporting this project?',
    thing: 'project',
  },
  message: {
    title: 'Report this message',
    legend: 'Why are you reporting this message?',
    thing: 'message',
  },
};

/**
 * Reports a project or a message to the moderators: what happens first, then the reason (the
 * contract's reasons in the contract's words) and optional details, checked with the contract's
 * schema, then the server's answer. A refusal keeps the dialog open with the server's message; a
 * report sent (or one made before) turns the dialog into its thank-you, closed by the person.
 */
export function ReportDialog({ target, onClosed }: { target: ReportTarget; onClosed: () => void }) {
  const words = copy[target.subject];
  // Closed through the Modal, so focus goes back to the button that opened it.
  const [open, setOpen] = useState(true);
  const consequencesId = useId();
  const reasonErrorId = useId();
  const mutation = useReport(target);
  const form = useForm({
    resolver: zodResolver(reportRequestSchema),
    defaultValues: { details: '' },
  });
  const details = useWatch({ control: form.control, name: 'details' }) ?? '';
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ reason, details }) => {
    try {
      await mutation.mutateAsync(details ? { reason, details } : { reason });
    } catch (error) {
      // A refusal about a field shows under it; any other refusal above the buttons.
      const detail = isApiError(error)
        ? error.details.find((item) => item.field === 'reason' || item.field === 'details')
        : undefined;
      if (detail)
        form.setError(
          detail.field as 'reason' | 'details',
          { message: detail.message },
          { shouldFocus: true },
        );
    }
  });
  const fieldRefusal =
    isApiError(mutation.error) &&
    mutation.error.details.some((item) => item.field === 'reason' || item.field === 'details');

  return (
    <Modal open={open} onClose={onClosed} title={words.title} showTitle className="max-w-xl">
      {mutation.data ? (
        <Received receipt={mutation.data} thing={words.thing} onClose={() => setOpen(false)} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
          <div
            id={consequencesId}
            className="rounded-control border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            <p className="font-semibold">What happens when you report it</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Sciwise moderators review it and decide whether it stays on Sciwise.</li>
              <li>The author is not told who reported it.</li>
            </ul>
          </div>
          <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">{words.legend}</legend>
            <div className="mt-2 space-y-2">
              {reportReasons.map((reason) => (
                <label
                  key={reason}
                  className="flex cursor-pointer items-center gap-3 rounded-control border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    value={reason}
                    required
                    className="size-4 shrink-0 accent-brand-700"
                    {...form.register('reason')}
                  />
                  {reportReasonLabels[reason]}
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id={reasonErrorId} className="mt-1.5 text-xs font-medium text-danger-700">
                {errors.reason.message}
              </p>
            )}
          </fieldset>
          <TextareaField
            label="Details (optional)"
            hint="Anything that helps our moderators see the problem."
            limit={REPORT_DETAILS_MAX}
            value={details}
            rows={3}
            error={errors.details?.message}
            {...form.register('details')}
          />
          {mutation.isError && !fieldRefusal && (
            <Alert title="That did not go through">{errorMessage(mutation.error)}</Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={mutation.isPending}
              aria-describedby={consequencesId}
            >
              Send report
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The thank-you: the form is gone, so focus moves to Done instead of falling out of the dialog. */
function Received({
  receipt,
  thing,
  onClose,
}: {
  receipt: ReportReceipt;
  thing: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLButtonElement>('button[data-done]')?.focus(), []);
  return (
    <div ref={ref} className="space-y-5">
      <Alert
        tone="success"
        title={receipt.created ? 'Report sent' : `You had already reported this ${thing}`}
      >
        {!receipt.created && (
          <p className="mb-1">Your first report stands; we have not filed a second one.</p>
        )}
        <p>{REPORT_RECEIVED}</p>
      </Alert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button data-done onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
