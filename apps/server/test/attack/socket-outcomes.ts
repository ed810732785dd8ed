import type { ChatMessage } from '@sciwise/contracts';
import { statusByCode } from '../../src/errors.ts';
import { connect, nextEvent, type ChatSocket } from '../messaging/helpers.ts';
import type { SignedInUser } from '../factories.ts';

/**
 * Socket events in the authorisation tables: an acknowledged event is 200, a refused one the
 * HTTP status of its error code, and a refused handshake 401, so socket rows read like routes.
 */
export async function ackOutcome(socket: ChatSocket | null, event: string, payload: object): Promise<number> {
  if (!socket) return 401;
  const untyped = socket as unknown as {
    timeout(ms: number): { emitWithAck(e: string, p: object): Promise<unknown> };
  };
  const ack = (await untyped.timeout(10_000).emitWithAck(event, payload)) as
    { ok: true } | { ok: false; error: { code: keyof typeof statusByCode } };
  return ack.ok ? 200 : statusByCode[ack.error.code];
}

/** A socket for each signed-in person; anonymous gets none, because the handshake refuses it. */
export async function socketsFor<Role extends string>(
  url: string,
  who: Record<Role, SignedInUser | null>,
): Promise<Record<Role, ChatSocket | null>> {
  const entries = await Promise.all(
    Object.entries<SignedInUser | null>(who).map(async ([role, person]) => {
      if (person) return [role, await connect(url, person.token)] as const;
      const refused = await connect(url, undefined).then(
        (socket) => (socket.disconnect(), false),
        () => true,
      );
      if (!refused) throw new Error('an anonymous socket was accepted');
      return [role, null] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Role, ChatSocket | null>;
}

/**
 * Whether a socket hears the message `send` sends, decided without a timeout: `marker` then
 * makes the server send this socket something of its own, and socket events keep their order,
 * so once the marker is here the message would have been too.
 */
export async function heard(
  socket: ChatSocket,
  send: () => Promise<string>,
  marker: () => Promise<string>,
): Promise<'receives' | 'nothing'> {
  const seen: string[] = [];
  const listen = (message: ChatMessage) => seen.push(message.text);
  socket.on('newMessage', listen);
  socket.on('messageSent', listen);
  try {
    const text = await send();
    const markerText = await marker();
    const isMarker = (message: ChatMessage) => message.text === markerText;
    if (!seen.includes(markerText)) await nextEvent(socket, 'messageSent', isMarker);
    return seen.includes(text) ? 'receives' : 'nothing';
  } finally {
    socket.off('newMessage', listen);
    socket.off('messageSent', listen);
  }
}

export function closeSockets(sockets: Record<string, ChatSocket | null>): void {
  for (const socket of Object.values(sockets)) socket?.disconnect();
}
