import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  title: string;
  /** Show the title as a visible heading (otherwise it only names the dialog). */
  showTitle?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
 * (focus stays inside), Escape closes it, and focus goes back to whatever opened it.
 */
export function Modal({ open, onClose, title, showTitle = false, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnFocus = useRef<HTMLElement | null>(null);

  // Opened in the same task as the click that asks for it, before the next paint, whichever
  // renderer runs it: Preact runs plain effects a task later, where a quick second click would
  // land on the page behind a dialog that is not modal yet.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      document.documentElement.classList.add('overflow-hidden');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Listening from the same moment the dialog can open, so an Escape right after cannot slip by.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      document.documentElement.classList.remove('overflow-hidden');
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
      onClose();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      dialog.close();
    };
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('cancel', onCancel);
    };
  }, [onClose]);

  useEffect(
    () => () => {
      document.documentElement.classList.remove('overflow-hidden');
    },
    [],
  );

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click; from the keyboard, Escape closes the native dialog
    <dialog
      ref={ref}
      aria-label={showTitle ? undefined : title}
      aria-labelledby={showTitle ? titleId : undefined}
      // A click on the dialog element itself (not its content) is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-md overflow-visible bg-transparent p-0',
        'backdrop:bg-slate-950/60',
        className,
      )}
    >
      {open && (
        <div className="relative max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-card bg-white p-6 shadow-pop sm:p-8">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="absolute top-3 right-3 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Close"
          >
            <CloseIcon />
          </button>
          {showTitle && (
            <h2 id={titleId} className="mb-4 pr-8 text-xl font-semibold text-slate-900">
              {title}
            </h2>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
