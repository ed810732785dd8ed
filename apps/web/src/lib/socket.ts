import type { ClientToServerEvents, ServerToClientEvents } from '@sciwise/contracts';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { forgetSignedIn } from './auth-storage.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * connecting: first attempt; connected; reconnecting: the connection dropped and the client is
 * trying again; signed-out: the server refused the session (no point retrying).
 */
export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'signed-out';

/** After the server could not check the session (rather than refusing it), try again this much later. */
export const RETRY_AFTER_UNAVAILABLE_MS = 5_000;

let shared: AppSocket | null = null;
let sharedStatus: SocketStatus = 'connecting';
let holders = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

// The socket and its status are a store outside React: every screen holding the socket reads
// the same values (useSyncExternalStore), and a screen that opens late sees them at once.
const storeListeners = new Set<() => void>();
function publish(status: SocketStatus): void {
  sharedStatus = status;
  storeListeners.forEach((listener) => listener());
}
function subscribe(listener: () => void): () => void {
  storeListeners.add(listener);
  return () => storeListeners.delete(listener);
}
const currentSocket = () => shared;
const currentStatus = () => sharedStatus;
const noSocket = () => null;
const notConnectedYet = (): SocketStatus => 'connecting';

/** A refused handshake: the client gives up by itself (socket.active turns false) and says why. */
function refusal(socket: AppSocket, error: Error): 'session' | 'other' | null {
  if (socket.active) return null;
  const code = (error as Error & { data?: { code?: unknown } }).data?.code;
  return code === 'unauthenticated' ? 'session' : 'other';
}

/**
 * What the tab does when the server ends the socket or refuses it, decided once per socket
 * (not per screen holding it). The server ends a socket only when its session ended (signed
 * out, password changed or reset, account deleted): one new handshake settles it. A session
 * signed in again since (in another tab) gets back in; a dead one is refused, and then this
 * browser forgets the sign-in, as when another tab signs out, instead of retrying.
 */
function followSession(socket: AppSocket): void {
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket.connect();
    if (reason !== 'io client disconnect') publish('reconnecting');
  });
  socket.on('connect', () => {
    clearTimeout(retryTimer);
    publish('connected');
  });
  socket.on('connect_error', (error) => {
    const refused = refusal(socket, error);
    publish(refused === 'session' ? 'signed-out' : 'reconnecting');
    if (refused === 'session') forgetSignedIn();
    else if (refused === 'other') {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => socket.connect(), RETRY_AFTER_UNAVAILABLE_MS);
    }
  });
}

/**
 * One socket for the whole tab, open while at least one screen holds it (the chat, the bell):
 * it connects when the first opens and disconnects when the last closes. The session cookie
 * authenticates it; websocket only, as the server accepts nothing else.
 */
function acquire(): AppSocket {
  clearTimeout(closeTimer);
  holders += 1;
  if (!shared) {
    shared = io({ transports: ['websocket'], withCredentials: true });
    followSession(shared);
    publish('connecting');
  }
  return shared;
}

function release(): void {
  holders -= 1;
  // A short grace period: moving between screens (or React's double mount) keeps the connection.
  closeTimer = setTimeout(() => {
    if (holders > 0 || !shared) return;
    clearTimeout(retryTimer);
    shared.disconnect();
    shared = null;
    publish('connecting');
  }, 1000);
}

/**
 * The shared socket and its status. `onReconnect` runs after every connection that follows a
 * drop, with the socket, so screens can fetch over HTTP whatever they missed while away and send
 * what did not go out.
 */
export function useSocket(onReconnect?: (socket: AppSocket) => void): {
  socket: AppSocket | null;
  status: SocketStatus;
} {
  const socket = useSyncExternalStore(subscribe, currentSocket, noSocket);
  const status = useSyncExternalStore(subscribe, currentStatus, notConnectedYet);
  const reconnected = useEffectEvent((current: AppSocket) => onReconnect?.(current));

  useEffect(() => {
    const current = acquire();
    // A drop seen by this screen: the next connection is a reconnection for it.
    let droppedOnce = false;
    const onConnect = () => {
      if (droppedOnce) reconnected(current);
    };
    const onDrop = () => {
      droppedOnce = true;
    };
    current.on('connect', onConnect);
    current.on('disconnect', onDrop);
    current.on('connect_error', onDrop);
    return () => {
      current.off('connect', onConnect);
      current.off('disconnect', onDrop);
      current.off('connect_error', onDrop);
      release();
    };
  }, []);

  return { socket, status };
}
