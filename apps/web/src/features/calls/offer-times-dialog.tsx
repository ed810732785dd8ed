import {
  CALL_REASON_MAX,
  CALL_SLOTS_MIN,
  RESCHEDULE_REASON_REQUIRED,
  callTimesRequestSchema,
  type Call,
} from '@sciwise/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { requestResolver, showRefusalOnFields, timesRequest, type CallFormValues } from './call-form.ts';
import { browserTimeZone, formatCallSpan } from './format.ts';
import { callRequests, useCallChange } from './queries.ts';
import { TimesFields } from './times-fields.tsx';

/** Answering a proposal with other times, or moving a confirmed call. */
export type TimesAction = 'propose_times' | 'reschedule';

/** Moving a confirmed call needs a reason, which the contract leaves optional for an answer. */
const rescheduleRequestSchema = callTimesRequestSchema.extend({
  reason: callTimesRequestSchema.shape.reason.unwrap().min(1, RESCHEDULE_REASON_REQUIRED),
});

function copyFor(action: TimesAction, call: Call, viewerZone: string) {
  const name = call.withPerson.name;
  if (action === 'propose_times')
    return {
      title: 'Offer other times',
      // The person who offered the times on offer replaces their own offer.
      intro: call.offeredByMe
        ? `These replace the times you offered; ${name} picks one of the new ones instead.`
        : `None of the times suit you? Offer your own; ${name} picks one of them instead.`,
      confirm: 'Offer these times',
      done: `Times sent. ${name} picks one of them.`,
    };
  const now = call.startsAt ? formatCallSpan(call.startsAt, call.durationMinutes, viewerZone) : 'its time';
  return {
    title: 'Reschedule the call',
    intro: `The call stays at ${now} until ${name} picks one of your new times. They read your reason.`,
    confirm: 'Ask to reschedule',
    done: `${name} is asked to pick a new time; until then the call stays where it is.`,
  };
}

export function OfferTimesDialog({
  call,
  action,
  viewerZone,
  onClosed,
}: {
  call: Call;
  action: TimesAction;
  viewerZone: string;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(true);
  const { notify } = useToast();
  const words = copyFor(action, call, viewerZone);
  const reschedule = action === 'reschedule';
  const send = useCallChange((body: z.output<typeof callTimesRequestSchema>) =>
    callRequests.offerTimes(call.id, body),
  );
  const [resolver] = useState(() =>
    requestResolver<z.output<typeof callTimesRequestSchema>>(
      reschedule ? rescheduleRequestSchema : callTimesRequestSchema,
      (values) => timesRequest(values, reschedule),
    ),
  );
  const form = useForm<CallFormValues, unknown, z.output<typeof callTimesRequestSchema>>({
    resolver,
    defaultValues: {
      topic: call.topic,
      agenda: call.agenda,
      durationMinutes: String(call.durationMinutes),
      timeZone: browserTimeZone(),
      slots: Array.from({ length: CALL_SLOTS_MIN }, () => ({ at: '' })),
      meetingUrl: '',
      reason: '',
    },
  });
  const [refusalOnFields, setRefusalOnFields] = useState(false);

  const submit = form.handleSubmit(async (body) => {
    setRefusalOnFields(false);
    try {
      await send.mutateAsync(body);
      notify(words.done);
      setOpen(false);
    } catch (error) {
      setRefusalOnFields(showRefusalOnFields(error, form.setError));
    }
  });

  return (
    <Modal open={open} onClose={onClosed} title={words.title} showTitle className="max-w-xl">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-800">{call.topic}</span> with {call.withPerson.name}.{' '}
          {words.intro}
        </p>
        <TimesFields form={form} />
        {reschedule && (
          <InputField
            label="Why are you moving it?"
            hint={`${call.withPerson.name} reads this.`}
            maxLength={CALL_REASON_MAX}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
        )}
        {send.isError && !refusalOnFields && (
          <Alert title="That did not go through">{errorMessage(send.error)}</Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Back
          </Button>
          <Button type="submit" loading={send.isPending} disabled={send.isPending}>
            {words.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
