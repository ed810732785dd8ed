import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPendingSaves } from './pending-saves.ts';
import { useSerialAutosave, type SerialAutosaveOptions } from './use-serial-autosave.ts';

type Options = SerialAutosaveOptions<{ text: string }, { text: string }, string>;

function setup(options: Partial<Options> = {}, initial = 'a') {
  const sent: string[] = [];
  const send = vi.fn(async (draft: { text: string }) => {
    sent.push(draft.text);
    return draft.text;
  });
  const hook = renderHook(
    ({ text }: { text: string }) =>
      useSerialAutosave({ text }, { toDraft: (values) => ({ text: values.text.trim() }), send, ...options }),
    { initialProps: { text: initial } },
  );
  return { hook, sent, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSerialAutosave', () => {
  it('says "saving" from the first unsent change and sends once after the debounce', async () => {
    const { hook, sent } = setup();
    expect(hook.result.current.state).toBe('idle');
    hook.rerender({ text: 'ab' });
    expect(hook.result.current.state).toBe('saving');
    hook.rerender({ text: 'abc' });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(sent).toEqual(['abc']);
    expect(hook.result.current.state).toBe('saved');
  });

  it('does not send a draft equal to the last one sent, and a flush then resolves true', async () => {
    const { hook, send } = setup();
    hook.rerender({ text: 'a ' });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(send).not.toHaveBeenCalled();
    await act(async () => expect(await hook.result.current.flush()).toBe(true));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the starting values when the server has none, unless they are not worth sending', async () => {
    const empty = setup({ initiallySaved: false, worthSending: (values) => values.text.trim() !== '' }, '');
    empty.hook.rerender({ text: '  ' });
    expect(empty.hook.result.current.state).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(empty.send).not.toHaveBeenCalled();
    // Nothing was worth sending, so the form does not stay on "Saving…".
    expect(empty.hook.result.current.state).toBe('idle');
    cleanup();
    const filled = setup({ initiallySaved: false, savingWhileDebouncing: false });
    expect(filled.hook.result.current.state).toBe('idle');
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(filled.sent).toEqual(['a']);
  });

  it('keeps values locally on every change while keepLocally is set, sending nothing', async () => {
    const kept: string[] = [];
    const keepLocally = (values: { text: string }) => void kept.push(values.text);
    const { hook, sent } = setup({ keepLocally });
    hook.rerender({ text: 'ab' });
    expect(kept).toEqual(['a', 'ab']);
    await act(async () => expect(await hook.result.current.flush()).toBe(false));
    expect(hook.result.current.state).toBe('saved');
    expect(sent).toEqual([]);
  });

  it('reports a failed save and flushes what is unsent on sign-out and on unmount', async () => {
    const { hook, send, sent } = setup();
    send.mockRejectedValueOnce(new Error('offline'));
    hook.rerender({ text: 'b' });
    await act(async () => expect(await hook.result.current.flush()).toBe(false));
    expect(hook.result.current.state).toBe('error');
    expect(hook.result.current.error).toBeTruthy();
    await act(() => flushPendingSaves());
    expect(sent).toEqual(['b']);
    hook.rerender({ text: 'c' });
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent).toEqual(['b', 'c']);
  });

  it('sends words typed within the debounce with a keepalive request when the tab closes', async () => {
    const { hook, send } = setup();
    hook.rerender({ text: 'typed just before closing' });
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith({ text: 'typed just before closing' }, { keepalive: true });
    // The debounced save that follows has nothing new to send, nor has a second pagehide.
    await act(() => vi.advanceTimersByTimeAsync(700));
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing on closing when everything is saved or not worth sending', async () => {
    const saved = setup();
    window.dispatchEvent(new Event('pagehide'));
    expect(saved.send).not.toHaveBeenCalled();
    cleanup();
    const blank = setup({ initiallySaved: false, worthSending: (values) => values.text.trim() !== '' }, '');
    blank.hook.rerender({ text: '   ' });
    window.dispatchEvent(new Event('pagehide'));
    expect(blank.send).not.toHaveBeenCalled();
  });
});
