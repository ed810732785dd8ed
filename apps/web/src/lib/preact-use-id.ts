/**
 * useId for the production build, which renders with Preact (vite.config.ts; `react` there is
 * preact-react.js, which exports this): Preact's id, unless a mounted component holds it already.
 *
 * Preact's useId counts per root: it walks up the component's vnodes to the root and takes the
 * root's next number. After a Suspense boundary has parked and revealed its children (a route
 * module or a lazy header part arriving), a component mounted under them can find its walk ending
 * at a vnode that is no longer in the tree, which counts again from "P0-0". One slow CI run caught
 * it: the review answer form's textarea got the id of an element in the header, so its label named
 * that element and the textarea had no name. The ids mounted components hold are kept here, and an
 * id taken already gets a suffix.
 *
 * On the server (the prerender) nothing is held: every page starts from the root's first number,
 * as it does in the browser, so hydration meets the ids the server wrote.
 */
import { useId as preactUseId, useLayoutEffect, useState } from 'preact/hooks';

const held = new Set<string>();

function claim(base: string): string {
  let id = base;
  for (let n = 2; held.has(id); n++) id = `${base}-${n}`;
  held.add(id);
  return id;
}

export function useId(): string {
  const base = preactUseId();
  const [id] = useState(() => (typeof document === 'undefined' ? base : claim(base)));
  useLayoutEffect(() => () => void held.delete(id), [id]);
  return id;
}
