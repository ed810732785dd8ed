import { useState } from 'react';
import { CalendarIcon } from '../../components/ui/app-icons.tsx';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button.tsx';
import { ProposeCallDialog, type CallPartner } from './propose-call-dialog.tsx';

/**
 * "Schedule a call" with one person, where people meet: a conversation's header, a contract's
 * workspace (which attaches the contract). The dialog exists only while open, so every opening
 * starts with an empty form.
 */
export function ScheduleCallButton({
  withPerson,
  contractId = null,
  variant = 'secondary',
  size = 'sm',
  compact = false,
  className,
}: {
  withPerson: CallPartner;
  contractId?: string | null;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Only the icon on a phone (a crowded header); the words stay the button's name. */
  compact?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)}>
        <CalendarIcon className="size-4" />
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>Schedule a call</span>
      </Button>
      {open && (
        <ProposeCallDialog withPerson={withPerson} contractId={contractId} onClosed={() => setOpen(false)} />
      )}
    </>
  );
}
