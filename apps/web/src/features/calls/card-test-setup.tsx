import type { Call } from '@sciwise/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { aCall } from '../../test/fixtures.ts';
import { renderPage, stubDialogs } from '../../test/support.tsx';
import { CallCard } from './call-card.tsx';

/** What the call card's test files share: the viewer's zone, a clock held still, a booked call. */
export const LONDON = 'Europe/London';
/** Early in 2026: the calls of the fixtures are ahead, and their year goes unsaid. */
export const NOW = new Date('2026-02-01T09:00:00.000Z');

/**
 * The page reads the year it is from the clock (a date in another year names its year): only
 * Date stands still, at NOW, so the wording does not change with the day the tests run.
 */
export function holdTheCardClock(): void {
  beforeAll(stubDialogs);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

export function renderCard(call: Call, viewerZone = LONDON, now = NOW) {
  renderPage(
    <ToastProvider>
      <CallCard call={call} viewerZone={viewerZone} now={now} />
    </ToastProvider>,
  );
  return within(screen.getByRole('article', { name: call.topic }));
}

/** Booked for 3 March 2026, 15:00 UTC, half an hour; nothing waiting for an answer. */
export const confirmed = (overrides: Partial<Call> = {}) =>
  aCall({
    status: 'confirmed',
    startsAt: '2026-03-03T15:00:00.000Z',
    endsAt: '2026-03-03T15:30:00.000Z',
    offeredStarts: [],
    offeredBy: null,
    offeredTimeZone: null,
    actions: ['reschedule', 'cancel'],
    ...overrides,
  });
