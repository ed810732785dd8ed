import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CloseIcon } from './icons.tsx';

interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'info';
}

interface ToastApi {
  notify: (text: string, tone?: Toast['tone']) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const VISIBLE_MS = 8000;

/** Notices that survive a navigation (e.g. "Account created successfully!" on the way to /chat). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const notify = useCallback((text: string, tone: Toast['tone'] = 'success') => {
    setToasts((list) => [...list.slice(-2), { id: Date.now() + Math.random(), text, tone }]);
  }, []);
  const api = useMemo(() => ({ notify }), [notify]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div
      className={cn(
        'pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-card px-4 py-3 text-sm font-medium text-white shadow-pop',
        toast.tone === 'success' ? 'bg-success-800' : 'bg-slate-800',
      )}
    >
      <p className="flex-1">{toast.text}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded-full p-1 hover:bg-white/15"
        aria-label="Dismiss notice"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
