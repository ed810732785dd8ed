import type { ClientToServerEvents, ServerToClientEvents } from '@sciwise/contracts';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * connecting: first attempt; connected; reconnecting: the connection dropped and the client is
 * trying again; signed-out: the server refused the session (no point retrying).
 */
export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'signed-out';

let shared: AppSocket | null = null;
let holders = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One socket for the whole tab, open while at least one screen holds it (the chat, the bell):
 * it connects when the first opens and disconnects when the last closes. The session cookie
 * authenticates it; websocket only, as the server accepts nothing else.
 */
function acquire(): AppSocket {
  clearTimeout(closeTimer);
  holders += 1;
  shared ??= io({ transports: ['websocket'], withCredentials: true });
  return shared;
}

function release(): void {
  holders -= 1;
  // A short grace period: moving between screens (or React's double mount) keeps the connection.
  closeTimer = setTimeout(() => {
    if (holders > 0 || !shared) return;
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
    const onDisconnect = (reason: string) => {
      droppedOnce = true;
      // A server-side disconnect does not retry by itself; retrying settles it either way
      // (back in, or a refused handshake that shows as signed out).
      if (reason === 'io server disconnect') current.connect();
      setStatus('reconnecting');
    };
    const onConnectError = () => {
      droppedOnce = true;
      // socket.active turns false when the server refused the handshake (not signed in).
      setStatus(current.active ? 'reconnecting' : 'signed-out');
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
