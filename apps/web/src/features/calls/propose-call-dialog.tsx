import {
  CALL_AGENDA_MAX,
  CALL_DURATIONS,
  CALL_LINK_MAX,
  CALL_SLOTS_MIN,
  CALL_TOPIC_MAX,
  callProposalRequestSchema,
} from '@sciwise/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { proposalRequest, requestResolver, showRefusalOnFields, type CallFormValues } from './call-form.ts';
import { browserTimeZone, durationLabel } from './format.ts';
import { callRequests, useCallChange } from './queries.ts';
import { TimesFields } from './times-fields.tsx';

export interface CallPartner {
  id: string;
  name: string;
}

const DEFAULT_DURATION = 30;

/**
 * Proposes a call to someone the person works with (from a conversation, or a contract's
 * workspace with the contract attached): topic, agenda, length, and two or three times in a zone
 * of their choosing, checked with the contract's schema. The server's refusal (a time too soon, or
 * one a clock change skips) shows in the dialog, which stays open; once proposed, a toast says so.
 */
export function ProposeCallDialog({
  withPerson,
  contractId = null,
  onClosed,
}: {
  withPerson: CallPartner;
  contractId?: string | null;
  onClosed: () => void;
}) {
  // Closed through the Modal, so focus goes back to the button that opened it.
  const [open, setOpen] = useState(true);
  const { notify } = useToast();
  const propose = useCallChange(callRequests.propose);
  const [resolver] = useState(() =>
    requestResolver(callProposalRequestSchema, (values) =>
      proposalRequest(values, { withUserId: withPerson.id, contractId }),
    ),
  );
  const form = useForm<CallFormValues, unknown, z.output<typeof callProposalRequestSchema>>({
    resolver,
    defaultValues: {
      topic: '',
      agenda: '',
      durationMinutes: String(DEFAULT_DURATION),
      timeZone: browserTimeZone(),
      slots: Array.from({ length: CALL_SLOTS_MIN }, () => ({ at: '' })),
      meetingUrl: '',
      reason: '',
    },
  });
  const agenda = useWatch({ control: form.control, name: 'agenda' });
  const { errors } = form.formState;
  const [refusalOnFields, setRefusalOnFields] = useState(false);

  const submit = form.handleSubmit(async (body) => {
    setRefusalOnFields(false);
    try {
      await propose.mutateAsync(body);
      notify(`Call proposed. ${withPerson.name} picks one of your times; it is under Scheduled Calls.`);
      setOpen(false);
    } catch (error) {
      setRefusalOnFields(showRefusalOnFields(error, form.setError));
    }
  });

  return (
    <Modal
      open={open}
      onClose={onClosed}
      title={`Propose a call with ${withPerson.name}`}
      showTitle
      className="max-w-xl"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <p className="text-sm text-slate-600">
          Offer a few times that suit you; {withPerson.name} sees them in their own time zone and picks one.
        </p>
        <InputField
          label="Topic"
          placeholder="e.g. Walk through the analysis plan"
          maxLength={CALL_TOPIC_MAX}
          error={errors.topic?.message}
          {...form.register('topic')}
        />
        <TextareaField
          label="Agenda"
          hint="What you would like to cover, so both of you come prepared."
          limit={CALL_AGENDA_MAX}
          value={agenda}
          rows={3}
          error={errors.agenda?.message}
          {...form.register('agenda')}
        />
        <SelectField
          label="Length"
          wrapperClassName="sm:max-w-56"
          error={errors.durationMinutes?.message}
          {...form.register('durationMinutes')}
        >
          {CALL_DURATIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {durationLabel(minutes)}
            </option>
          ))}
        </SelectField>
        <TimesFields form={form} />
        <InputField
          label="Meeting link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={CALL_LINK_MAX}
          hint="Your Zoom, Teams or Meet link. Leave it empty and Sciwise creates a video-room link with a name nobody can guess, shared only with the two of you."
          error={errors.meetingUrl?.message}
          {...form.register('meetingUrl')}
        />
        {errors.root?.message && <Alert title="The call cannot be proposed">{errors.root.message}</Alert>}
        {propose.isError && !refusalOnFields && (
          <Alert title="The call was not proposed">{errorMessage(propose.error)}</Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={propose.isPending} disabled={propose.isPending}>
            Propose call
          </Button>
        </div>
      </form>
    </Modal>
  );
}
