import { useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked the system for less motion; false while prerendering. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (callback) => {
      const list = window.matchMedia(REDUCED_MOTION);
      list.addEventListener('change', callback);
      return () => list.removeEventListener('change', callback);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * An index that advances every `intervalMs` through `length` items. It holds still while `paused`
 * (hover or focus inside) and never moves for visitors who prefer reduced motion.
 */
export function useRotation(
  length: number,
  intervalMs: number,
  paused: boolean,
): [number, (i: number) => void] {
  const [index, setIndex] = useState(0);
  const reduced = usePrefersReducedMotion();
  const still = paused || reduced || length < 2;
  useEffect(() => {
    if (still) return;
    const timer = window.setInterval(() => setIndex((value) => (value + 1) % length), intervalMs);
    return () => window.clearInterval(timer);
  }, [still, length, intervalMs]);
  return [length > 0 ? index % length : 0, setIndex];
}

/** Hover and keyboard focus handlers that pause a moving element while someone is looking at it. */
export function usePauseOnAttention() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    paused: hovered || focused,
    handlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
