import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasSignedInMarker, rememberSignedIn } from './auth-storage.ts';

/**
 * A stand-in for socket.io-client's socket, driven by the test the way the server drives the
 * real one: `active` turns false when a handshake is refused, as in socket.io-client.
 */
class FakeSocket {
  connected = false;
  active = true;
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  readonly connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  readonly disconnect = vi.fn(() => {
    this.active = false;
    this.connected = false;
    return this;
  });
  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
  serverConnects() {
    this.connected = true;
    this.fire('connect');
  }
  /** The server ended the socket (its session was revoked): socket.io-client does not retry. */
  serverDisconnects() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }
  /** The handshake middleware refused the socket with this code. */
  serverRefuses(code: string) {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error('refused'), { data: { code, message: 'refused' } }));
  }
}

const fake = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const user = { id: 'u1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' };

async function mountSocket() {
  // A fresh module per test: the shared socket lives in module state.
  vi.resetModules();
  const { useSocket, RETRY_AFTER_UNAVAILABLE_MS } = await import('./socket.ts');
  const socket = new FakeSocket();
  fake.socket = socket;
  const hook = renderHook(() => useSocket());
  act(() => socket.serverConnects());
  expect(hook.result.current.status).toBe('connected');
  return { socket, hook, RETRY_AFTER_UNAVAILABLE_MS };
}

beforeEach(() => {
  vi.useFakeTimers();
  rememberSignedIn(user);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('useSocket when the server ends the session', () => {
  it('one new handshake decides: back in while the browser is signed in, else stop and sign out', async () => {
    const { socket, hook } = await mountSocket();

    // Signed in again since (another tab): the new handshake is accepted.
    act(() => socket.serverDisconnects());
    expect(socket.connect).toHaveBeenCalledTimes(1);
    act(() => socket.serverConnects());
    expect(hook.result.current.status).toBe('connected');
    expect(hasSignedInMarker()).toBe(true);

    // The session is gone: the handshake is refused, and that is the end of it.
    act(() => socket.serverDisconnects());
    expect(socket.connect).toHaveBeenCalledTimes(2);
    act(() => socket.serverRefuses('unauthenticated'));
    expect(hook.result.current.status).toBe('signed-out');
    expect(hasSignedInMarker()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(socket.connect).toHaveBeenCalledTimes(2);
  });

  it('a server that could not check the session is asked again later, without signing out', async () => {
    const { socket, hook, RETRY_AFTER_UNAVAILABLE_MS } = await mountSocket();

    act(() => socket.serverDisconnects());
    act(() => socket.serverRefuses('unavailable'));
    expect(hook.result.current.status).toBe('reconnecting');
    expect(hasSignedInMarker()).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(RETRY_AFTER_UNAVAILABLE_MS));
    expect(socket.connect).toHaveBeenCalledTimes(2);
    act(() => socket.serverConnects());
    expect(hook.result.current.status).toBe('connected');
  });
});

describe('useSocket shared by several screens', () => {
  it('a screen that opens while the socket is connected says so at once, and shares the one socket', async () => {
    const { socket, hook } = await mountSocket();
    const { useSocket } = await import('./socket.ts');
    const later = renderHook(() => useSocket());
    expect(later.result.current.status).toBe('connected');
    expect(later.result.current.socket).toBe(hook.result.current.socket);

    act(() => socket.serverRefuses('unavailable'));
    expect(hook.result.current.status).toBe('reconnecting');
    expect(later.result.current.status).toBe('reconnecting');
  });

  it('tells each screen of a reconnection with the socket, not of the first connection', async () => {
    vi.resetModules();
    const { useSocket } = await import('./socket.ts');
    const socket = new FakeSocket();
    fake.socket = socket;
    const onReconnect = vi.fn();
    renderHook(() => useSocket(onReconnect));
    act(() => socket.serverConnects());
    expect(onReconnect).not.toHaveBeenCalled();

    act(() => socket.serverDisconnects());
    act(() => socket.serverConnects());
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(onReconnect).toHaveBeenCalledWith(socket);
  });
});
