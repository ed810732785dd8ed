import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CloseIcon } from './icons.tsx';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  label: string;
  side?: 'left' | 'right';
  children: ReactNode;
  header?: ReactNode;
  id?: string;
}

/** A slide-out panel on the native <dialog>: modal, Escape and backdrop close it, focus returns. */
export function Drawer({ open, onClose, label, side = 'right', children, header, id }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);

  // Modal within the task of the click that opens it, as in Modal.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [onClose]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click; from the keyboard, Escape closes the native dialog
    <dialog
      ref={ref}
      id={id}
      aria-label={label}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className={cn(
        'fixed inset-y-0 m-0 h-dvh max-h-none w-[min(20rem,88vw)] max-w-none bg-white p-0 shadow-pop backdrop:bg-slate-950/60',
        side === 'right' ? 'right-0 left-auto' : 'left-0',
      )}
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            {header ?? <span className="font-semibold text-slate-900">{label}</span>}
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label={`Close ${label.toLowerCase()}`}
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
        </div>
      )}
    </dialog>
  );
}
