import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

const STEP_PARAM = 'step';

/** The step the address asks for (`?step=3` is the third), or the first when it names none. */
export function stepFromParam(raw: string | null, count: number): number {
  const asked = Number(raw);
  if (!Number.isInteger(asked) || asked < 1) return 0;
  return Math.min(asked, count) - 1;
}

/**
 * The step of a multi-step form, kept in the address so that reload stays on it and Back goes to
 * the step before. A step the form does not let the person reach yet (an earlier step has
 * problems) falls back to the last one they can. Moving to a step focuses `heading`, so a screen
 * reader hears where it is, whether the move came from a button or from Back.
 */
export function useStepParam(
  count: number,
  options: {
    reachable?: (step: number) => boolean;
    heading?: React.RefObject<HTMLElement | null>;
  } = {},
): [number, (next: number) => void] {
  const [params, setParams] = useSearchParams();
  const { reachable = () => true, heading } = options;
  let step = stepFromParam(params.get(STEP_PARAM), count);
  while (step > 0 && !reachable(step)) step -= 1;

  const go = useCallback(
    (next: number) =>
      // From the address as it is now, not as last rendered: a navigation still rendering (the
      // draft's id added to the address) must not be undone by this one.
      setParams(() => {
        const updated = new URLSearchParams(window.location.search);
        if (next <= 0) updated.delete(STEP_PARAM);
        else updated.set(STEP_PARAM, String(next + 1));
        return updated;
      }),
    [setParams],
  );

  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    window.requestAnimationFrame(() => heading?.current?.focus());
  }, [step, heading]);

  return [step, go];
}
