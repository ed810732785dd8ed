/**
 * useId for the production build, which renders with Preact (vite.config.ts; `react` there is
 * preact-react.js, which exports this): Preact's id, unless a mounted component holds it already.
 *
 * A clean-clone CI run here caught two elements with one id: the review answer form's textarea
 * had the id of an element before it, so its label named that element and the textarea had no
 * name (the failure's page snapshot shows the label's text beside an unnamed textbox). Preact's
 * useId counts per root, walking up the component's vnodes to the root for the next number; the
 * likely way to a repeat is a walk that ends at a vnode no longer in the tree, as after a Suspense
 * boundary parked and revealed its children, which counts again from "P0-0". Whatever the way, the
 * ids that mounted components hold are kept here, and an id taken already gets a suffix.
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
