/**
 * Autosaving forms register how to save what they hold, so signing out can wait for them: the
 * session must still be valid when a half-typed draft goes to the server.
 */
type Flush = () => Promise<unknown>;

const pending = new Set<Flush>();

/** Returns the function that removes the registration (an effect's cleanup). */
export function registerPendingSave(flush: Flush): () => void {
  pending.add(flush);
  return () => pending.delete(flush);
}

/** Saves every registered draft, giving up after `timeoutMs` so sign-out is never stuck. */
export async function flushPendingSaves(timeoutMs = 4000): Promise<void> {
  if (pending.size === 0) return;
  const all = Promise.allSettled([...pending].map((flush) => flush()));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
