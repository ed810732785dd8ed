import { createElement, render } from 'preact/compat';
import { afterEach, describe, expect, it } from 'vitest';
import { useId } from './preact-use-id.ts';

// Preact itself, not React: the production build's `react` (preact-react.js) exports this useId.
// Preact renders, and runs layout effects and their cleanups, synchronously here.
function Labelled({ name }: { name: string }) {
  const id = useId();
  return createElement('label', { id, 'data-name': name }, name);
}

const containers: HTMLElement[] = [];
function mount(name: string) {
  const container = document.body.appendChild(document.createElement('div'));
  containers.push(container);
  render(createElement(Labelled, { name }), container);
  return container;
}
const idOf = (container: HTMLElement) => container.querySelector('label')!.id;

afterEach(() => {
  for (const container of containers.splice(0)) render(null, container);
  document.body.replaceChildren();
});

describe('useId in the Preact build', () => {
  it('gives a component the id Preact counts when nobody holds it, as the server does', () => {
    expect(idOf(mount('first'))).toBe('P0-0');
  });

  it('never gives two mounted components one id, where Preact alone would', () => {
    // Each root counts from P0-0 in Preact: the same start as a walk that lost its root.
    const first = mount('header menu');
    const second = mount('answer form');
    expect(idOf(first)).toBe('P0-0');
    expect(idOf(second)).not.toBe(idOf(first));
    expect(document.querySelectorAll(`[id="${idOf(second)}"]`)).toHaveLength(1);
  });

  it('frees an id when its component unmounts', () => {
    const first = mount('dialog');
    render(null, first);
    expect(idOf(mount('next dialog'))).toBe('P0-0');
  });
});
