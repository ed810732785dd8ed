import type { Call } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { fakeApi, PAGE_TEST } from '../../test/support.tsx';
import { CallCard } from './call-card.tsx';
import { confirmed, holdTheCardClock, LONDON, renderCard } from './card-test-setup.tsx';

holdTheCardClock();

/** A booked call under way (notes open), as the viewer edits its notes. */
const duringCall = (overrides: Partial<Call> = {}) => confirmed({ actions: ['edit_notes'], ...overrides });
const danaNotes = (text: string, at: string) => ({
  text,
  updatedAt: `2026-03-03T${at}:00.000Z`,
  updatedBy: { id: 'u-2', name: 'Dana Whitfield' },
});

/** A card kept on screen while the call it shows changes, as the lists refresh it. */
function renderLive(call: Call) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const page = (shown: Call) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>
          <CallCard call={shown} viewerZone={LONDON} now={new Date('2026-03-03T15:45:00.000Z')} />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(page(call));
  return {
    card: within(screen.getByRole('article', { name: call.topic })),
    show: (next: Call) => view.rerender(page(next)),
  };
}

describe('a call card’s notes', PAGE_TEST, () => {
  it('saves the shared notes once the call has started', async () => {
    const calls = fakeApi({
      'PUT /api/calls/call-1/notes': (body: { notes: string }) =>
        confirmed({
          actions: ['edit_notes'],
          notes: {
            text: body.notes,
            updatedAt: '2026-03-03T15:40:00.000Z',
            updatedBy: { id: 'u-9', name: 'Ada Fischer' },
          },
        }),
    });
    const card = renderCard(
      confirmed({ actions: ['edit_notes'] }),
      LONDON,
      new Date('2026-03-03T15:20:00.000Z'),
    );
    fireEvent.change(card.getByRole('textbox', { name: 'Shared notes' }), {
      target: { value: '  Adjust for age and stage.  ' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Save notes' }));
    expect(await card.findByText('Saved.')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/calls/call-1/notes', body: { notes: 'Adjust for age and stage.' } },
    ]);
  });

  it('shows the notes the other person saves while the text is untouched', async () => {
    fakeApi({});
    const { card, show } = renderLive(duringCall({ notes: danaNotes('Adjust for age.', '15:35') }));
    const box = card.getByRole('textbox', { name: 'Shared notes' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Adjust for age.');

    show(duringCall({ notes: danaNotes('Adjust for age and stage.', '15:38') }));
    await waitFor(() => expect(box.value).toBe('Adjust for age and stage.'));
    expect(card.getByText(/Last saved by Dana Whitfield/)).toBeTruthy();
    // Their text is the new starting point: editing it warns of nothing.
    fireEvent.change(box, { target: { value: 'Adjust for age and stage. Dana sends figures.' } });
    expect(card.queryByText(/saved newer notes/)).toBeNull();
  });

  it('keeps a draft when the other person saves, and says a save replaces their newer notes', async () => {
    const calls = fakeApi({
      'PUT /api/calls/call-1/notes': (body: { notes: string }) =>
        duringCall({
          notes: {
            text: body.notes,
            updatedAt: '2026-03-03T15:40:00.000Z',
            updatedBy: { id: 'u-9', name: 'Ada Fischer' },
          },
        }),
    });
    const { card, show } = renderLive(duringCall({ notes: danaNotes('Adjust for age.', '15:35') }));
    const box = card.getByRole('textbox', { name: 'Shared notes' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Adjust for age. Ada checks the batches.' } });

    const theirs = danaNotes('Adjust for age and stage.', '15:38');
    show(duringCall({ notes: theirs }));
    const notice = await card.findByText(/Dana Whitfield saved newer notes at/);
    expect(notice.textContent).toMatch(/Saving yours replaces them\.$/);
    expect(box.value).toBe('Adjust for age. Ada checks the batches.');

    fireEvent.click(card.getByRole('button', { name: 'Save notes' }));
    expect(await card.findByText('Saved.')).toBeTruthy();
    expect(card.queryByText(/saved newer notes/)).toBeNull();
    // The card may show Dana’s notes a moment longer; the text saved stays.
    show(duringCall({ notes: theirs }));
    expect(box.value).toBe('Adjust for age. Ada checks the batches.');
    expect(calls.map((call) => call.body)).toEqual([{ notes: 'Adjust for age. Ada checks the batches.' }]);
  });
});
