import type { ClientToServerEvents, ServerToClientEvents } from '@sciwise/contracts';
import { useEffect, useRef, useState } from 'react';
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
let holders = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

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
  });
  socket.on('connect', () => clearTimeout(retryTimer));
  socket.on('connect_error', (error) => {
    const refused = refusal(socket, error);
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
  }, 1000);
}

/**
 * The shared socket and its status. `onReconnect` runs after every connection that follows a
 * drop, so screens can fetch over HTTP whatever they missed while away.
 */
export function useSocket(onReconnect?: () => void): { socket: AppSocket | null; status: SocketStatus } {
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const reconnected = useRef(onReconnect);
  useEffect(() => {
    reconnected.current = onReconnect;
  });

  useEffect(() => {
    const current = acquire();
    setSocket(current);
    let droppedOnce = false;
    const onConnect = () => {
      setStatus('connected');
      if (droppedOnce) reconnected.current?.();
    };
    const onDisconnect = () => {
      droppedOnce = true;
      setStatus('reconnecting');
    };
    const onConnectError = (error: Error) => {
      droppedOnce = true;
      setStatus(refusal(current, error) === 'session' ? 'signed-out' : 'reconnecting');
    };
    if (current.connected) setStatus('connected');
    current.on('connect', onConnect);
    current.on('disconnect', onDisconnect);
    current.on('connect_error', onConnectError);
    return () => {
      current.off('connect', onConnect);
      current.off('disconnect', onDisconnect);
      current.off('connect_error', onConnectError);
      release();
    };
  }, []);

  return { socket, status };
}
