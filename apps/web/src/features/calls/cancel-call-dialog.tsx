import { CALL_REASON_MAX, callCancelRequestSchema, type Call } from '@sciwise/contracts';
import { ReasonDialog, type ReasonCopy } from '../../components/reason-dialog.tsx';
import { callRequests, useCallChange } from './queries.ts';

/** Declining times offered to you, withdrawing your own, or calling off a confirmed call. */
export function cancelCopy(call: Call): ReasonCopy {
  const name = call.withPerson.name;
  const told = `${name} is told by e-mail, with your reason.`;
  const again = 'Either of you can propose another call whenever you like.';
  const shared = {
    label: `Reason for ${name}`,
    hint: `${name} reads this, so write it to them.`,
    danger: true,
  };
  if (call.status === 'confirmed')
    return {
      ...shared,
      title: 'Cancel the call',
      consequences: [told, 'The calendar invitation is cancelled for both of you.', again],
      placeholder: 'e.g. The data arrives next month, so there is nothing to discuss yet.',
      confirm: 'Cancel call',
      back: 'Keep the call',
      done: `The call is cancelled. ${name} has been told.`,
    };
  if (call.offeredByMe)
    return {
      ...shared,
      title: 'Withdraw your proposal',
      consequences: ['The times you offered are withdrawn.', told, again],
      placeholder: 'e.g. We settled the question by message.',
      confirm: 'Cancel call',
      back: 'Keep the proposal',
      done: `Your proposal is withdrawn. ${name} has been told.`,
    };
  return {
    ...shared,
    title: 'Decline the call',
    consequences: [`None of ${name}’s times is booked.`, told, again],
    placeholder: 'e.g. I am away that week; could we talk by message instead?',
    confirm: 'Decline call',
    back: 'Back',
    done: `You declined the call. ${name} has been told.`,
  };
}

export function CancelCallDialog({ call, onClosed }: { call: Call; onClosed: () => void }) {
  const cancel = useCallChange((body: { reason: string }) => callRequests.cancel(call.id, body));
  return (
    <ReasonDialog
      copy={cancelCopy(call)}
      field="reason"
      schema={callCancelRequestSchema}
      limit={CALL_REASON_MAX}
      action={cancel}
      onClosed={onClosed}
    />
  );
}
