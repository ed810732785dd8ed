import { randomBytes } from 'node:crypto';
import type { Conversation, ConversationListResponse } from '@sciwise/contracts';
import { expect5, people, type Matrix, type Person } from '../../support/authorization-table.ts';
import type { TestApp } from '../../support/test-app.ts';
import { type ChatSocket } from '../../messaging/helpers.ts';
import { ackOutcome, closeSockets, heard, socketsFor } from '../socket-outcomes.ts';
import type { DomainMatrix } from './domain-matrix.ts';
import { quickExpert, quickMember, type SignedInUser } from '../../factories.ts';
import { call } from '../../support/requests.ts';

interface Fixture {
  conversationId: string;
}

/**
 * Messaging: the owner (a client) and the counterpart (the approved expert they wrote to) share
 * one conversation; another member and an admin are outside it. A conversation you are not in
 * does not exist for you (404), on HTTP and on the socket alike.
 */
export function messagingMatrix(t: TestApp, url: string): DomainMatrix<Fixture> {
  let who: Record<Person, SignedInUser | null>;
  let sockets: Record<Person, ChatSocket | null>;
  /** An approved expert everybody may write to: the marker conversations of `heard`. */
  let markerExpert: SignedInUser;

  async function setUp() {
    who = {
      owner: await quickMember(t.app),
      counterpart: await quickExpert(t.app),
      otherMember: await quickMember(t.app),
      admin: await quickMember(t.app, { role: 'admin' }),
      anonymous: null,
    };
    markerExpert = await quickExpert(t.app);
    sockets = await socketsFor(url, who);
  }
  const tearDown = async () => closeSockets(sockets);

  const person = (role: Person) => who[role];
  const owner = () => who.owner as SignedInUser;
  const counterpart = () => who.counterpart as SignedInUser;
  const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
  const words = () => `hello ${randomBytes(4).toString('hex')}`;

  /** The role's socket hears its own message in the marker conversation. */
  async function marker(role: Person): Promise<string> {
    const text = `marker ${randomBytes(4).toString('hex')}`;
    const opened = await call(t.app, 'POST', '/api/conversations', person(role), { userId: markerExpert.id });
    const conversationId = opened.json<Conversation>().id;
    await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, person(role), { text });
    return text;
  }

  const matrix: Matrix<Person, Fixture> = {
    roles: people,
    async fixture() {
      const opened = await call(t.app, 'POST', '/api/conversations', owner(), { userId: counterpart().id });
      return { conversationId: opened.json<Conversation>().id };
    },
    rows: [
      // expected: expect5(owner, counterpart, another member, admin, anonymous)
      {
        action: 'GET /api/conversations lists it',
        expected: expect5('listed', 'listed', 'not listed', 'not listed', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', '/api/conversations', person(role));
          if (response.statusCode !== 200) return response.statusCode;
          const ids = response.json<ConversationListResponse>().conversations.map((c) => c.id);
          return ids.includes(f.conversationId) ? 'listed' : 'not listed';
        },
      },
      {
        action: "GET /api/conversations?view=awaiting_reply (the concierge's inbox)",
        readOnly: true,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (_f, role) =>
          status(call(t.app, 'GET', '/api/conversations?view=awaiting_reply', person(role))),
      },
      {
        action: 'GET /api/conversations/:id',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'GET', `/api/conversations/${f.conversationId}`, person(role))),
      },
      {
        action: 'GET /api/conversations/:id/messages',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'GET', `/api/conversations/${f.conversationId}/messages`, person(role))),
      },
      {
        action: 'POST /api/conversations/:id/messages',
        expected: expect5(201, 201, 404, 404, 401),
        attempt: (f, role) =>
          status(
            call(t.app, 'POST', `/api/conversations/${f.conversationId}/messages`, person(role), {
              text: words(),
            }),
          ),
      },
      {
        action: 'POST /api/conversations/:id/read',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(
            call(t.app, 'POST', `/api/conversations/${f.conversationId}/read`, person(role), { seq: 1 }),
          ),
      },
      {
        action: 'POST /api/conversations with the owner (a client)',
        expected: expect5(400, 200, 403, 403, 401),
        attempt: (_f, role) =>
          status(call(t.app, 'POST', '/api/conversations', person(role), { userId: owner().id })),
      },
      {
        action: 'POST /api/conversations with the counterpart (an approved expert)',
        expected: expect5(200, 400, 200, 200, 401),
        attempt: (_f, role) =>
          status(call(t.app, 'POST', '/api/conversations', person(role), { userId: counterpart().id })),
      },
      {
        action: 'socket sendMessage into the conversation',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          ackOutcome(sockets[role], 'sendMessage', { conversationId: f.conversationId, text: words() }),
      },
      {
        action: 'socket sendMessage to the owner by receiverId',
        expected: expect5(400, 200, 403, 403, 401),
        attempt: (_f, role) =>
          ackOutcome(sockets[role], 'sendMessage', { receiverId: owner().id, text: words() }),
      },
      {
        action: 'socket sendMessage claiming to be the owner (senderId)',
        expected: expect5(200, 403, 403, 403, 401),
        attempt: (_f, role) =>
          ackOutcome(sockets[role], 'sendMessage', {
            senderId: owner().id,
            receiverId: counterpart().id,
            text: words(),
          }),
      },
      {
        action: 'socket typing in the conversation',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) => ackOutcome(sockets[role], 'typing', { conversationId: f.conversationId }),
      },
      {
        action: 'socket markRead in the conversation',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          ackOutcome(sockets[role], 'markRead', { conversationId: f.conversationId, seq: 1 }),
      },
      {
        action: "socket hears the conversation's new message",
        expected: expect5('receives', 'receives', 'nothing', 'nothing', 401),
        async attempt(f, role) {
          const socket = sockets[role];
          if (!socket) return 401;
          const send = async () => {
            const text = words();
            await call(t.app, 'POST', `/api/conversations/${f.conversationId}/messages`, owner(), { text });
            return text;
          };
          return heard(socket, send, () => marker(role));
        },
      },
    ],
  };

  return { ...matrix, setUp, tearDown };
}
