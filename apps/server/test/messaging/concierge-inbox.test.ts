import { CONCIERGE_USER_ID, type ConversationListResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, type SignedInUser, signedInUser } from '../factories.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
});
afterAll(() => t.close());

async function conciergeConversation(member: SignedInUser): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: member.headers,
    payload: { userId: CONCIERGE_USER_ID },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

async function write(who: SignedInUser, conversationId: string, text: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: who.headers,
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const awaiting = (who: SignedInUser, query = 'view=awaiting_reply') =>
  t.app.inject({ method: 'GET', url: `/api/conversations?${query}`, headers: who.headers });

describe("the concierge's awaiting-reply view", () => {
  it("lists the conversations whose last word is the member's, longest waiting first", async () => {
    const [waitingLong, answered, onlyWelcomed, waitingShort] = await Promise.all(
      [1, 2, 3, 4].map(() => signedInUser(t.app)),
    );
    // Listing their conversations is what creates the concierge's welcome.
    for (const member of [waitingLong!, answered!, onlyWelcomed!, waitingShort!])
      await t.app.inject({ method: 'GET', url: '/api/conversations', headers: member.headers });
    const long = await conciergeConversation(waitingLong!);
    await write(waitingLong!, long, 'Can you help me find a statistician?');
    const done = await conciergeConversation(answered!);
    await write(answered!, done, 'How do fees work?');
    await write(admin, done, 'The client pays 5% on funding; the expert 10% on release.');
    const welcomed = await conciergeConversation(onlyWelcomed!);
    const short = await conciergeConversation(waitingShort!);
    await write(waitingShort!, short, 'Is there a phone number?');

    const response = await awaiting(admin);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<ConversationListResponse>().conversations.map((c) => c.id);
    expect(ids).toContain(long);
    expect(ids).toContain(short);
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(welcomed);
    expect(ids.indexOf(long)).toBeLessThan(ids.indexOf(short));
    const first = response.json<ConversationListResponse>().conversations.find((c) => c.id === long)!;
    expect(first).toMatchObject({ selfId: CONCIERGE_USER_ID, other: { id: waitingLong!.id } });
    expect(first.lastMessage?.text).toBe('Can you help me find a statistician?');

    // Answering takes it off the view.
    await write(admin, long, 'Of course: what is the project about?');
    const after = (await awaiting(admin)).json<ConversationListResponse>().conversations.map((c) => c.id);
    expect(after).not.toContain(long);
    expect(after).toContain(short);
  });

  it('is for administrators only, and a view it does not know is a 400', async () => {
    const member = await signedInUser(t.app);
    const refused = await awaiting(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'Only administrators answer for Sciwise Concierge.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/conversations?view=awaiting_reply' })).statusCode,
    ).toBe(401);
    expect((await awaiting(admin, 'view=everything')).statusCode).toBe(400);
    expect((await awaiting(member, 'view=all')).statusCode).toBe(200);
  });
});
