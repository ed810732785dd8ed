import { useState } from 'react';

/**
 * Idempotency keys for one user action (one opening of a confirm dialog): the same request sent
 * again — a double click, a retry after an error or a lost answer — carries the same key, so the
 * server answers it once. A different request in the same dialog (another card after a decline,
 * a changed bonus) is a new attempt and gets a new key; the server's state machine still refuses
 * to move the same money twice.
 */
export function createIdempotencyKeys(generate: () => string = () => crypto.randomUUID()) {
  const keys = new Map<string, string>();
  return (request: unknown): string => {
    const id = JSON.stringify(request) ?? '';
    let key = keys.get(id);
    if (key === undefined) {
      key = generate();
      keys.set(id, key);
    }
    return key;
  };
}

/** Keys that live as long as the component: a dialog gets fresh ones each time it opens. */
export function useIdempotencyKeys(): (request: unknown) => string {
  const [keyFor] = useState(() => createIdempotencyKeys());
  return keyFor;
}
