import { useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons.tsx';
import { usePrefersReducedMotion } from './motion.ts';

/**
 * A horizontal row of cards with labelled previous and next buttons that scroll it by `step` px
 * (smoothly, unless the visitor prefers reduced motion). The row also scrolls by touch and keys.
 */
export function ContentSlider({
  label,
  step,
  children,
  testId,
}: {
  label: string;
  step: number;
  children: ReactNode;
  testId?: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const scroll = (direction: 1 | -1) =>
    listRef.current?.scrollBy({ left: direction * step, behavior: reducedMotion ? 'auto' : 'smooth' });
  return (
    <div>
      <ul
        ref={listRef}
        aria-label={label}
        data-testid={testId}
        // Focusable so the row scrolls with the arrow keys even where its cards hold no links.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list, as axe's scrollable-region-focusable asks
        tabIndex={0}
        className="flex snap-x gap-5 overflow-x-auto pb-4"
      >
        {children}
      </ul>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" aria-label={`Previous: ${label}`} onClick={() => scroll(-1)}>
          <ChevronLeftIcon />
        </Button>
        <Button variant="secondary" aria-label={`Next: ${label}`} onClick={() => scroll(1)}>
          <ChevronRightIcon />
        </Button>
      </div>
    </div>
  );
}
