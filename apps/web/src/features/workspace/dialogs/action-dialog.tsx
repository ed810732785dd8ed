import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { ActionCopy } from '../consequences.ts';

/**
 * A confirm dialog's life: open until the action succeeds, busy while it runs, and the server's
 * message when it fails (the dialog stays open so the person can correct and retry). Hand the
 * whole of it to ActionDialog, and call its `run` from the submit.
 */
export function useActionDialog() {
  const { notify } = useToast();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /** Runs `work`; it returns false when it stopped before sending (e.g. a field is invalid). */
  const run = useCallback(
    async (work: () => Promise<boolean | void>, success: string) => {
      setBusy(true);
      setError(null);
      try {
        if ((await work()) === false) return;
        setOpen(false);
        notify(success);
      } catch (failure) {
        setError(failure);
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  const close = useCallback(() => setOpen(false), []);
  return { open, close, busy, error, run };
}

export type ActionDialogState = ReturnType<typeof useActionDialog>;

interface ActionDialogProps {
  /** From useActionDialog: whether it is open, Back, the busy confirm and the server's error. */
  dialog: ActionDialogState;
  /** Called once the dialog has closed, whichever way. */
  onClosed: () => void;
  copy: ActionCopy;
  /** More consequences that depend on the form (a bonus). */
  extra?: ReactNode;
  /** Confirm; the browser's own submit is already stopped, and a promise returned is left to run. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  canConfirm?: boolean;
  /** Why the confirm button is disabled, shown beside it. */
  blocked?: string | null;
  children?: ReactNode;
  wide?: boolean;
}

/** The consequence first, then the fields, then the server's answer, then confirm. */
export function ActionDialog({
  dialog: { open, close, busy, error },
  onClosed,
  copy,
  extra,
  onSubmit,
  canConfirm = true,
  blocked,
  children,
  wide = false,
}: ActionDialogProps) {
  const consequenceId = useId();
  const blockedId = useId();
  return (
    <Modal open={open} onClose={onClosed} title={copy.title} showTitle className={cn(wide && 'max-w-xl')}>
      <form
        onSubmit={(event) => {
          // Stopped here for every dialog, plain confirms too; react-hook-form stopping it again is harmless.
          event.preventDefault();
          void onSubmit(event);
        }}
        noValidate
        className="space-y-5"
      >
        <div
          id={consequenceId}
          className="space-y-2 rounded-control border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          <p className="font-semibold">What happens when you confirm</p>
          <p data-testid="consequence">{copy.consequence}</p>
          {extra}
        </div>
        {children}
        {error !== null && <Alert title="That did not go through">{errorMessage(error)}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          {blocked && (
            <p id={blockedId} className="text-xs text-slate-600 sm:mr-auto">
              {blocked}
            </p>
          )}
          <Button variant="secondary" onClick={close}>
            Back
          </Button>
          <Button
            type="submit"
            variant={copy.danger ? 'danger' : 'primary'}
            loading={busy}
            disabled={busy || !canConfirm}
            aria-describedby={blocked ? `${consequenceId} ${blockedId}` : consequenceId}
          >
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
