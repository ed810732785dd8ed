import type { Call } from '@sciwise/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CalendarIcon } from '../../components/ui/app-icons.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CallNotes } from './call-notes.tsx';
import { CancelCallDialog } from './cancel-call-dialog.tsx';
import { durationLabel } from './format.ts';
import { OfferTimesDialog, type TimesAction } from './offer-times-dialog.tsx';
import { OfferedTime, PickOfferedTime } from './pick-offered-time.tsx';
import { calendarFilePath } from './queries.ts';

/** The viewer has to answer: pick one of the times offered to them. */
export const awaitsAnswer = (call: Call) => call.actions.includes('confirm');

const hasEnded = (call: Call, now: Date) => call.endsAt !== null && Date.parse(call.endsAt) <= now.getTime();

function statusBadge(call: Call, now: Date): { label: string; tone: BadgeTone } {
  if (call.status === 'cancelled') return { label: 'Cancelled', tone: 'neutral' };
  if (call.status === 'proposed') return { label: 'Proposed', tone: 'warning' };
  return hasEnded(call, now) ? { label: 'Ended', tone: 'neutral' } : { label: 'Confirmed', tone: 'success' };
}

const firstName = (name: string) => name.split(' ')[0] || name;

/**
 * Who cancelled, as the viewer reads it: the other person or Sciwise itself (no member id) by
 * name, otherwise the viewer.
 */
const byWhom = (call: Call, person: { id: string; name: string }) =>
  person.id === call.withPerson.id || person.id === '' ? person.name : 'you';

function Cancellation({ call }: { call: Call }) {
  const { cancellation } = call;
  if (!cancellation) return null;
  return (
    <div className="rounded-control border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <p>
        Cancelled by {byWhom(call, cancellation.by)} on{' '}
        <time dateTime={cancellation.at}>{formatDateTime(cancellation.at)}</time>:
      </p>
      <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 break-words whitespace-pre-line text-slate-900">
        {cancellation.reason}
      </blockquote>
    </div>
  );
}

interface TimesProps {
  call: Call;
  viewerZone: string;
  now: Date;
  onConfirmed: () => void;
}

/** Times waiting for an answer: a picker for the viewer, or the list they offered and whom it waits for. */
function WaitingTimes({ call, viewerZone, now, onConfirmed }: TimesProps) {
  const name = call.withPerson.name;
  const moving = call.status === 'confirmed' && call.rescheduleReason !== null;
  const intro = moving
    ? call.offeredByMe
      ? `You asked to move this call. It stays at the time above until ${name} picks one of your new times.`
      : `${name} asks to move this call. Until you pick a new time, it stays at the time above.`
    : call.offeredByMe
      ? `You offered these times; ${name} picks one.`
      : `${name} offered these times, shown in your time zone.`;
  return (
    <div
      className={cn(
        'space-y-3 rounded-control border px-4 py-3 text-sm',
        moving ? 'border-warning-800/30 bg-warning-50' : 'border-slate-200 bg-slate-50',
      )}
    >
      <p className="text-slate-800">{intro}</p>
      {moving && (
        <blockquote className="border-l-4 border-warning-800/40 pl-3 break-words text-slate-900">
          {call.rescheduleReason}
        </blockquote>
      )}
      {awaitsAnswer(call) ? (
        <PickOfferedTime
          call={call}
          viewerZone={viewerZone}
          legend={moving ? 'Pick a new time' : 'Pick a time'}
          now={now}
          onConfirmed={onConfirmed}
        />
      ) : (
        <ul aria-label="Times offered" className="space-y-1">
          {call.offeredStarts.map((start) => (
            <li key={start}>
              <OfferedTime start={start} call={call} viewerZone={viewerZone} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The booked time on its own line, with the calendar icon; muted once the call is off. */
function BookedTime({ call, viewerZone }: { call: Call; viewerZone: string }) {
  if (!call.startsAt) return null;
  return (
    <p
      className={cn(
        'flex items-start gap-2',
        call.status === 'cancelled' ? 'text-slate-500' : 'text-slate-900',
      )}
    >
      <CalendarIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <span className="min-w-0">
        <OfferedTime start={call.startsAt} call={call} viewerZone={viewerZone} offeredIn={call.timeZone} />
      </span>
    </p>
  );
}

type OpenDialog = { kind: 'times'; action: TimesAction } | { kind: 'cancel' };

/** The link buttons of a booked call still to come: join it, and put it in a calendar. */
function CallLinks({ call }: { call: Call }) {
  return (
    <>
      <a
        href={call.meetingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('primary', 'sm')}
      >
        Join call <span className="sr-only">(opens in a new tab)</span>
      </a>
      <a href={calendarFilePath(call.id)} download className={buttonClasses('secondary', 'sm')}>
        Add to calendar
      </a>
    </>
  );
}

/**
 * One scheduled call as either person sees it: its state, the time in the viewer's zone (and the
 * offerer's), what waits for whom, and exactly the actions the server lists for the viewer.
 */
export function CallCard({
  call,
  viewerZone,
  headingLevel = 'h2',
  now = new Date(),
  showContract = true,
  onFocusLost,
}: {
  call: Call;
  /** The zone the viewer reads times in: their browser's, or a test's. */
  viewerZone: string;
  headingLevel?: 'h2' | 'h3';
  now?: Date;
  /** Link the call's contract; a contract's own workspace leaves it out. */
  showContract?: boolean;
  /** The card left the list with the focus in it (a cancelled call leaves Upcoming). */
  onFocusLost?: () => void;
}) {
  const Heading = headingLevel;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const badge = statusBadge(call, now);
  const awaiting = awaitsAnswer(call);
  const waitingForThem = call.offeredByMe && call.offeredStarts.length > 0 && call.status !== 'cancelled';
  const upcomingBooking = call.status === 'confirmed' && !hasEnded(call, now);

  // A button that opened a dialog, or the picker, may be gone once the call changed: land on the card.
  const keepFocus = useCallback(() => {
    requestAnimationFrame(() => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      if (heading.current?.isConnected) heading.current.focus();
      else onFocusLost?.();
    });
  }, [onFocusLost]);
  const closed = useCallback(() => {
    setDialog(null);
    keepFocus();
  }, [keepFocus]);

  const can = (action: Call['actions'][number]) => call.actions.includes(action);
  const cancelLabel = call.status === 'proposed' && !call.offeredByMe ? 'Decline' : 'Cancel call';
  const hasButtons = upcomingBooking || can('propose_times') || can('reschedule') || can('cancel');

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'space-y-4 rounded-card border bg-white p-4 shadow-card sm:p-5',
        awaiting ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {awaiting && <Badge tone="brand">Awaiting your answer</Badge>}
          {waitingForThem && <Badge tone="neutral">Waiting for {firstName(call.withPerson.name)}</Badge>}
        </div>
        <Heading
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="mt-2 text-lg font-semibold break-words text-slate-900"
        >
          {call.topic}
        </Heading>
        <p className="mt-0.5 text-sm text-slate-600">
          With <span className="font-medium text-slate-800">{call.withPerson.name}</span> ·{' '}
          {durationLabel(call.durationMinutes)}
          {showContract && call.contract && (
            <>
              {' · '}
              <Link
                to={`/profile/workspace/${call.contract.id}`}
                className="font-medium break-words text-brand-700 hover:underline"
              >
                {call.contract.title}
              </Link>
            </>
          )}
        </p>
      </div>

      <BookedTime call={call} viewerZone={viewerZone} />
      {call.status !== 'cancelled' && call.offeredStarts.length > 0 && (
        <WaitingTimes call={call} viewerZone={viewerZone} now={now} onConfirmed={keepFocus} />
      )}
      <Cancellation call={call} />

      {call.agenda && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Agenda</p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{call.agenda}</p>
        </div>
      )}
      <CallNotes call={call} />

      {hasButtons && (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          {upcomingBooking && <CallLinks call={call} />}
          {can('propose_times') && (
            <Button
              size="sm"
              variant="secondary"
              aria-describedby={headingId}
              onClick={() => setDialog({ kind: 'times', action: 'propose_times' })}
            >
              Offer other times
            </Button>
          )}
          {can('reschedule') && (
            <Button
              size="sm"
              variant="secondary"
              aria-describedby={headingId}
              onClick={() => setDialog({ kind: 'times', action: 'reschedule' })}
            >
              Reschedule
            </Button>
          )}
          {can('cancel') && (
            <Button
              size="sm"
              variant="ghost"
              className="sm:ml-auto"
              aria-describedby={headingId}
              onClick={() => setDialog({ kind: 'cancel' })}
            >
              {cancelLabel}
            </Button>
          )}
        </div>
      )}

      {dialog?.kind === 'times' && (
        <OfferTimesDialog call={call} action={dialog.action} viewerZone={viewerZone} onClosed={closed} />
      )}
      {dialog?.kind === 'cancel' && <CancelCallDialog call={call} onClosed={closed} />}
    </article>
  );
}
