import { callConfirmRequestSchema, type Call } from '@sciwise/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatCallSpan, offererClock } from './format.ts';
import { callRequests, useCallChange } from './queries.ts';

/**
 * One time as a line: the viewer's clock, then the clock of the zone it was offered in (by default
 * the times on offer now; a booked time passes its own) when that reads differently.
 */
export function OfferedTime({
  start,
  call,
  viewerZone,
  offeredIn = call.offeredTimeZone,
}: {
  start: string;
  call: Call;
  viewerZone: string;
  offeredIn?: string | null;
}) {
  const theirs = offererClock(start, viewerZone, offeredIn);
  return (
    <>
      <time dateTime={start} className="font-medium text-slate-900">
        {formatCallSpan(start, call.durationMinutes, viewerZone)}
      </time>
      {theirs && <span className="text-slate-600"> · {theirs}</span>}
    </>
  );
}

/** Where the viewer sends times of their own: the card's button for it, when the server allows one. */
function otherTimesButton(call: Call): string | null {
  if (call.actions.includes('propose_times')) return 'Offer other times';
  if (call.actions.includes('reschedule')) return 'Reschedule';
  return null;
}

/**
 * The times someone offered the viewer, as a radio group to pick one from, and Confirm: the
 * start goes back exactly as the server sent it. Picking nothing gets the contract's message. A
 * time that has begun by `now` cannot be picked (the server would refuse it): it shows as passed,
 * and once every time has, the viewer is pointed to offering times of their own.
 */
export function PickOfferedTime({
  call,
  viewerZone,
  legend,
  now,
  onConfirmed,
}: {
  call: Call;
  viewerZone: string;
  legend: string;
  /** The moment the times are read against: the card's clock, or a test's. */
  now: Date;
  /** The picker is gone once the time is booked: the card takes the focus. */
  onConfirmed: () => void;
}) {
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const group = useRef<HTMLFieldSetElement>(null);
  const name = useId();
  const problemId = useId();
  const { notify } = useToast();
  // Any refusal reads the calls again: a 400 means the times on offer changed meanwhile.
  const confirm = useCallChange((body: { startsAt: string }) => callRequests.confirm(call.id, body), {
    refreshOnRefusal: true,
  });
  const hasPassed = (start: string) => Date.parse(start) <= now.getTime();
  const open = call.offeredStarts.filter((start) => !hasPassed(start));
  // A pick that has since passed, or that is no longer on offer, is no pick.
  const picked = open.includes(chosen) ? chosen : '';
  const elsewhere = otherTimesButton(call);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = callConfirmRequestSchema.safeParse({ startsAt: picked });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Choose one of the times offered.');
      group.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    setProblem(null);
    try {
      await confirm.mutateAsync(parsed.data);
      notify(`Call confirmed for ${formatCallSpan(parsed.data.startsAt, call.durationMinutes, viewerZone)}.`);
      onConfirmed();
    } catch {
      // The server's message shows above the button; the times stay to pick again.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <fieldset ref={group} aria-describedby={problem ? problemId : undefined}>
        <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
        <div className="mt-2 space-y-2">
          {call.offeredStarts.map((start) => {
            const passed = hasPassed(start);
            return (
              <label
                key={start}
                className={cn(
                  'flex items-start gap-3 rounded-control border border-slate-200 px-3 py-2.5 text-sm',
                  passed
                    ? 'cursor-not-allowed bg-slate-50'
                    : 'cursor-pointer bg-white has-checked:border-brand-600 has-checked:bg-brand-50',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={start}
                  checked={picked === start}
                  disabled={passed}
                  onChange={() => setChosen(start)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <OfferedTime start={start} call={call} viewerZone={viewerZone} />
                  {passed && (
                    <>
                      {' '}
                      <Badge tone="neutral">Passed</Badge>
                    </>
                  )}
                </span>
              </label>
            );
          })}
        </div>
        {problem && (
          <p id={problemId} role="alert" className="mt-1.5 text-xs font-medium text-danger-700">
            {problem}
          </p>
        )}
      </fieldset>
      {confirm.isError && <Alert title="The time was not booked">{errorMessage(confirm.error)}</Alert>}
      {open.length > 0 ? (
        <Button type="submit" size="sm" loading={confirm.isPending} disabled={confirm.isPending}>
          Confirm this time
        </Button>
      ) : (
        <p className="text-sm text-slate-800">
          All of these times have passed.{' '}
          {elsewhere
            ? `Use “${elsewhere}” below to send ${call.withPerson.name} times of your own.`
            : `Ask ${call.withPerson.name} for new times.`}
        </p>
      )}
    </form>
  );
}
