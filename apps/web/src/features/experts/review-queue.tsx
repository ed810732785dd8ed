import { useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';

// The parts the admin's two review queues (expert applications, approved experts' profile
// changes) share.

const REASON_MIN = 10;

/** One thing waiting in a queue: who and what, and a button that opens its review below. */
export function ReviewQueueItem({
  heading,
  summary,
  reviewLabel,
  srLabel,
  open,
  onToggle,
  children,
}: {
  heading: ReactNode;
  summary: ReactNode;
  reviewLabel: string;
  /** Read after the button's label, naming whose review it opens. */
  srLabel: string;
  open: boolean;
  onToggle: () => void;
  /** The review, shown while open. */
  children: ReactNode;
}) {
  return (
    <li className="rounded-card border border-slate-200 bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          {heading}
          <p className="text-sm text-slate-600">{summary}</p>
        </div>
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={onToggle}>
          {open ? 'Close' : reviewLabel}
          <span className="sr-only">{srLabel}</span>
        </Button>
      </div>
      {open && children}
    </li>
  );
}

/**
 * An admin's decision on something sent for review: approve at once, or open a reason (at least
 * ten characters, which the person sees) and decline with it.
 */
export function ReviewDecision({
  reasonId,
  reasonLabel,
  reasonHint,
  approveLabel,
  declineLabel,
  confirmLabel,
  decision,
  onApprove,
  onDecline,
}: {
  reasonId: string;
  reasonLabel: string;
  reasonHint: string;
  approveLabel: string;
  /** Opens the reason, e.g. "Decline…". */
  declineLabel: string;
  /** Sends the decline with the reason, e.g. "Decline with this reason". */
  confirmLabel: string;
  decision: { isPending: boolean; isError: boolean; error: unknown };
  onApprove: () => void;
  onDecline: (reason: string) => void;
}) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      {declining && (
        <TextareaField
          id={reasonId}
          label={reasonLabel}
          hint={reasonHint}
          rows={3}
          value={reason}
          maxLength={2000}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
      {decision.isError && <Alert>{errorMessage(decision.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        {!declining ? (
          <>
            <Button loading={decision.isPending} disabled={decision.isPending} onClick={onApprove}>
              {approveLabel}
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)}>
              {declineLabel}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="danger"
              loading={decision.isPending}
              disabled={decision.isPending || reason.trim().length < REASON_MIN}
              onClick={() => onDecline(reason)}
            >
              {confirmLabel}
            </Button>
            <Button variant="ghost" onClick={() => setDeclining(false)}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </>
  );
}
