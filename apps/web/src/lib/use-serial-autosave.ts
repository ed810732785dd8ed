import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from './api-client.ts';
import { registerPendingSave } from './pending-saves.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export interface SendOptions {
  /** The page is going away: the request must outlive it (fetch's keepalive). */
  keepalive: boolean;
}

export interface SerialAutosaveOptions<Values, Draft, Saved> {
  /** Drafts are compared by their JSON, so a draft equal to the last one sent is not sent again. */
  toDraft: (values: Values) => Draft;
  send: (draft: Draft, options: SendOptions) => Promise<Saved>;
  onSaved?: (saved: Saved) => void;
  debounceMs?: number;
  /**
   * False when the server holds nothing yet, so even values equal to the initial ones must be
   * sent. Read on the first render only.
   */
  initiallySaved?: boolean;
  /** Asked when a save's turn comes; false skips it and the flush resolves false. */
  worthSending?: (values: Values) => boolean;
  /**
   * While set, values are kept with this instead of the server, on every change (a local write
   * is cheap, so there is no debounce) and the flush resolves false: nothing reached the server.
   */
  keepLocally?: (values: Values) => void;
  /** Say "saving" from the first unsent change, so "saved" never shows over unsent text. */
  savingWhileDebouncing?: boolean;
  /** Send what is still unsent when the form goes away. */
  flushOnUnmount?: boolean;
}

/**
 * Keeps a form saved as the person types. Saves run one after another, so an older one never
 * lands after a newer one; signing out waits for what is unsent (see pending-saves.ts).
 * `flush` resolves true once the latest values are on the server.
 */
export function useSerialAutosave<Values, Draft, Saved>(
  values: Values,
  options: SerialAutosaveOptions<Values, Draft, Saved>,
) {
  const { debounceMs = 700, savingWhileDebouncing = true, flushOnUnmount = true } = options;
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  // Callers pass new closures on every render; reading them through a ref keeps `save` stable,
  // so a re-render neither restarts the debounce nor counts as leaving the form. The refs follow
  // each commit before any effect, timer or event handler below can read them.
  const current = useRef(options);
  const latest = useRef(values);
  useLayoutEffect(() => {
    current.current = options;
    latest.current = values;
  });
  const lastSent = useRef<string | null>(
    options.initiallySaved === false ? null : JSON.stringify(options.toDraft(values)),
  );
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));

  const save = useCallback((next: Values): Promise<boolean> => {
    const { toDraft, keepLocally } = current.current;
    if (keepLocally) {
      keepLocally(next);
      setState('saved');
      return Promise.resolve(false);
    }
    const draft = toDraft(next);
    const body = JSON.stringify(draft);
    chain.current = chain.current.then(async () => {
      if (body === lastSent.current) {
        setState((previous) => (previous === 'saving' ? 'saved' : previous));
        return true;
      }
      if (current.current.worthSending?.(next) === false) {
        // Nothing to send after all: drop the "saving" shown while the debounce ran.
        setState((previous) => (previous === 'saving' ? 'idle' : previous));
        return false;
      }
      setState('saving');
      try {
        const saved = await current.current.send(draft, { keepalive: false });
        lastSent.current = body;
        current.current.onSaved?.(saved);
        setState('saved');
        setError(null);
        return true;
      } catch (failure) {
        setState('error');
        setError(errorMessage(failure, 'We could not save your changes.'));
        // False tells a caller waiting on flush() that the latest values are not on the server.
        return false;
      }
    });
    return chain.current;
  }, []);

  // Keyed on the JSON, not the object: form libraries hand out a new values object every render.
  const serialised = JSON.stringify(values);
  const local = options.keepLocally !== undefined;
  useEffect(() => {
    const { toDraft, keepLocally } = current.current;
    if (keepLocally) {
      keepLocally(latest.current);
      return;
    }
    if (JSON.stringify(toDraft(latest.current)) === lastSent.current) return;
    if (savingWhileDebouncing) setState('saving');
    const timer = window.setTimeout(() => void save(latest.current), debounceMs);
    return () => window.clearTimeout(timer);
  }, [serialised, local, save, debounceMs, savingWhileDebouncing]);

  useEffect(() => registerPendingSave(() => save(latest.current)), [save]);

  // Closing the tab runs no timers and no unmount: words typed within the debounce would be lost.
  // A keepalive request outlives the page; it goes straight out, since a queued save would never
  // get its turn.
  useEffect(() => {
    const sendBeforeLeaving = () => {
      const { toDraft, keepLocally, worthSending, send } = current.current;
      if (keepLocally) return keepLocally(latest.current);
      const draft = toDraft(latest.current);
      const body = JSON.stringify(draft);
      if (body === lastSent.current || worthSending?.(latest.current) === false) return;
      lastSent.current = body;
      send(draft, { keepalive: true }).catch(() => {
        // Left the page: nobody to tell, and the bytes were all we could still send.
      });
    };
    window.addEventListener('pagehide', sendBeforeLeaving);
    return () => window.removeEventListener('pagehide', sendBeforeLeaving);
  }, []);
  useEffect(() => {
    if (!flushOnUnmount) return;
    return () => void save(latest.current);
  }, [save, flushOnUnmount]);

  const flush = useCallback(() => save(latest.current), [save]);
  return { state, error, flush };
}
