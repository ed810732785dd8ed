import { randomBytes } from 'node:crypto';
import type { Conversation, ConversationListResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe } from 'vitest';
import { expect5, people, testMatrix, type Matrix, type Person } from '../support/authorization-table.ts';
import { signedInUser, type SignedInUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { approvedExpert, listen, makeAdmin, type ChatSocket } from '../messaging/helpers.ts';
import { call } from '../projects/helpers.ts';
import { ackOutcome, closeSockets, heard, socketsFor } from './socket-outcomes.ts';

/**
 * Messaging: the owner (a client) and the counterpart (the approved expert they wrote to) share
 * one conversation; another member and an admin are outside it. A conversation you are not in
 * does not exist for you (404), on HTTP and on the socket alike.
 */
let t: TestApp;
let who: Record<Person, SignedInUser | null>;
let sockets: Record<Person, ChatSocket | null>;
/** An approved expert everybody may write to: the marker conversations of `heard`. */
let markerExpert: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t.app);
  const admin = await signedInUser(t.app);
  await makeAdmin(t.app, admin.id);
  who = {
    owner: await signedInUser(t.app),
    counterpart: await approvedExpert(t.app),
    otherMember: await signedInUser(t.app),
    admin,
    anonymous: null,
  };
  markerExpert = await approvedExpert(t.app);
  sockets = await socketsFor(url, who);
});
afterAll(async () => {
  closeSockets(sockets);
  await t.close();
});

interface Fixture {
  conversationId: string;
}

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
    //                                                        owner   counterpart  other member  admin   anonymous
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
        status(call(t.app, 'POST', `/api/conversations/${f.conversationId}/read`, person(role), { seq: 1 })),
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

describe('messaging: route and socket event x person', () => testMatrix(matrix));
