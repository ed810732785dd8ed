import { zodResolver } from '@hookform/resolvers/zod';
import {
  SUSPENSION_REASON_MAX,
  SUSPENSION_REASON_MIN,
  restoreRequestSchema,
  suspensionRequestSchema,
  type AdminPerson,
} from '@sciwise/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useSuspensionChange, type SuspensionChange } from './queries.ts';
import { fullName } from './words.ts';

interface Copy {
  title: string;
  consequences: string[];
  label: string;
  hint: string;
  placeholder: string;
  confirm: string;
  done: string;
}

export function suspensionCopy(change: SuspensionChange, person: AdminPerson): Copy {
  const name = fullName(person);
  if (change === 'suspend')
    return {
      title: `Suspend ${name}’s account`,
      consequences: [
        'They are signed out on every device at once, and cannot sign in again until an administrator restores the account.',
        'We e-mail them the reason below, word for word, and show it to them when they try to sign in.',
        'The suspension and its reason go into the audit log under your name, for good.',
      ],
      label: 'Reason for the member',
      hint: `At least ${SUSPENSION_REASON_MIN} characters. ${person.firstName} reads this, so write it to them.`,
      placeholder: 'e.g. You asked two clients to pay you outside Sciwise, which our terms do not allow.',
      confirm: 'Suspend account',
      done: `${name} is suspended and signed out everywhere.`,
    };
  return {
    title: `Restore ${name}’s account`,
    consequences: [
      'They can sign in again at once; their projects, contracts and money are as they were.',
      'No e-mail goes to them: tell them yourself if they are waiting.',
      'The restoration and its reason go into the audit log under your name, for good.',
    ],
    label: 'Reason for the audit log',
    hint: `At least ${SUSPENSION_REASON_MIN} characters: what changed since the suspension.`,
    placeholder: 'e.g. They confirmed the payments were refunded and agreed to the terms.',
    confirm: 'Restore account',
    done: `${name} can sign in again.`,
  };
}

/**
 * Suspend or restore, with the reason the audit log keeps: what happens first, then the reason
 * (checked with the contract's schema), then the server's answer. The dialog stays open on a
 * refusal, with a field error under the field and anything else above the buttons.
 */
export function SuspensionDialog({
  change,
  person,
  onClosed,
}: {
  change: SuspensionChange;
  person: AdminPerson;
  onClosed: () => void;
}) {
  const copy = suspensionCopy(change, person);
  // Closed through the Modal, so focus goes back to the button that opened it.
  const [open, setOpen] = useState(true);
  const consequencesId = useId();
  const { notify } = useToast();
  const mutation = useSuspensionChange(person.id, change);
  const form = useForm({
    resolver: zodResolver(change === 'suspend' ? suspensionRequestSchema : restoreRequestSchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      notify(copy.done);
      setOpen(false);
    } catch (error) {
      const detail = isApiError(error) ? error.details.find((item) => item.field === 'reason') : undefined;
      if (detail) form.setError('reason', { message: detail.message }, { shouldFocus: true });
    }
  });
  // A refusal about the reason shows under the field; any other refusal above the buttons.
  const fieldRefusal = isApiError(mutation.error) && mutation.error.details.some((d) => d.field === 'reason');

  return (
    <Modal open={open} onClose={onClosed} title={copy.title} showTitle className="max-w-xl">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <div
          id={consequencesId}
          className="rounded-control border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          <p className="font-semibold">What happens when you confirm</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {copy.consequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <TextareaField
          label={copy.label}
          hint={copy.hint}
          placeholder={copy.placeholder}
          limit={SUSPENSION_REASON_MAX}
          value={reason}
          rows={4}
          required
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
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
            variant={change === 'suspend' ? 'danger' : 'primary'}
            loading={mutation.isPending}
            disabled={mutation.isPending}
            aria-describedby={consequencesId}
          >
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
