import { randomUUID } from 'node:crypto';
import { SAVED_CARDS_MAX, type Contract, type SavedCardsResponse } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/lib/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { cardsOf, saveCardCall, savedCard, tokenFor } from './helpers.ts';
import { call, CARDS, getContract, moneyCall } from '../support/requests.ts';
import { hiredContract, signedInUser } from '../factories.ts';
import { ledgerProblems } from '../support/ledger.ts';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ overrides: { clock } });
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const fundCall = (who: Parameters<typeof moneyCall>[2], milestoneId: string, body: object, key?: string) =>
  moneyCall(t.app, `/api/milestones/${milestoneId}/fund`, who, body, key);

async function attemptsOf(milestoneId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from payment_attempts where milestone_id = ${milestoneId}`,
  );
  return row!.n;
}

describe('saving cards', () => {
  it('starts empty; the first card saved is the default, later ones only when asked', async () => {
    const client = await signedInUser(t.app);
    expect(await cardsOf(t.app, client)).toEqual([]);

    const first = await savedCard(t.app, client, CARDS.visa);
    expect(first.message).toBe('Your Visa ending 4242 is saved as your default card.');
    expect(first.cards).toEqual([
      expect.objectContaining({
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        isDefault: true,
        expired: false,
      }),
    ]);
    // Only what the page needs leaves the server: no processor token.
    expect(Object.keys(first.cards[0]!).sort()).toEqual(
      ['brand', 'createdAt', 'expMonth', 'expYear', 'expired', 'id', 'isDefault', 'last4'].sort(),
    );

    const second = await savedCard(t.app, client, '5555 5555 5555 4444');
    expect(second.message).toBe('Your Mastercard ending 4444 is saved.');
    expect(second.cards.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);

    const third = await savedCard(t.app, client, CARDS.visa, true);
    expect(third.cards.filter((c) => c.isDefault)).toHaveLength(1);
    expect(third.cards[0]).toMatchObject({ last4: '4242', isDefault: true });
    expect(third.cards[0]!.id).not.toBe(first.cards[0]!.id);
  });

  it('refuses a token it does not know, the same card token twice, and bad input', async () => {
    const client = await signedInUser(t.app);
    const unknown = await saveCardCall(t.app, client, 'tok_sandbox_000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This card can no longer be used. Please enter it again.');

    const token = await tokenFor(t.app, client);
    expect((await saveCardCall(t.app, client, token.token)).statusCode).toBe(201);
    const again = await saveCardCall(t.app, client, token.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your Visa ending 4242 is saved already.');

    for (const payload of [
      {},
      { paymentToken: '' },
      { paymentToken: 'tok x' },
      { paymentToken: token.token, extra: 1 },
    ]) {
      const response = await call(t.app, 'POST', '/api/me/cards', client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await cardsOf(t.app, client)).toHaveLength(1);
  });

  it(`keeps at most ${SAVED_CARDS_MAX} cards`, async () => {
    const client = await signedInUser(t.app);
    for (let n = 0; n < SAVED_CARDS_MAX; n++) await savedCard(t.app, client);
    const token = await tokenFor(t.app, client);
    const refused = await saveCardCall(t.app, client, token.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You can keep up to ${SAVED_CARDS_MAX} saved cards. Remove one in Payment Details before you save another.`,
    );
    expect(await cardsOf(t.app, client)).toHaveLength(SAVED_CARDS_MAX);
  });

  it('keeps the limit and one default when many saves arrive at once', async () => {
    const client = await signedInUser(t.app);
    const tokens = await Promise.all(
      Array.from({ length: SAVED_CARDS_MAX + 3 }, () => tokenFor(t.app, client)),
    );
    const answers = await Promise.all(tokens.map((token) => saveCardCall(t.app, client, token.token, true)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(SAVED_CARDS_MAX);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    const cards = await cardsOf(t.app, client);
    expect(cards).toHaveLength(SAVED_CARDS_MAX);
    expect(cards.filter((c) => c.isDefault)).toHaveLength(1);
  });
});

describe('the default card', () => {
  it('moves to the card chosen; the database allows exactly one', async () => {
    const client = await signedInUser(t.app);
    await savedCard(t.app, client);
    const { cards } = await savedCard(t.app, client, '5555 5555 5555 4444');
    const mastercard = cards.find((c) => c.last4 === '4444')!;
    const response = await call(t.app, 'POST', `/api/me/cards/${mastercard.id}/default`, client);
    expect(response.statusCode).toBe(200);
    const answer = response.json<SavedCardsResponse>();
    expect(answer.message).toBe('Your Mastercard ending 4444 is now your default card.');
    expect(answer.cards.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    // Choosing the default again changes nothing.
    expect((await call(t.app, 'POST', `/api/me/cards/${mastercard.id}/default`, client)).statusCode).toBe(
      200,
    );

    // Even a write that skips the service cannot make a second default.
    const other = cards.find((c) => c.last4 === '4242')!;
    await expect(
      t.app.db.execute(sql`update saved_cards set is_default = true where id = ${other.id}`),
    ).rejects.toThrow();
    expect((await cardsOf(t.app, client)).filter((c) => c.isDefault)).toHaveLength(1);
  });

  it('an unknown or malformed card id is a 404 or a 400', async () => {
    const client = await signedInUser(t.app);
    expect((await call(t.app, 'POST', `/api/me/cards/${randomUUID()}/default`, client)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/me/cards/not-an-id/default', client)).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', `/api/me/cards/${randomUUID()}`, client)).statusCode).toBe(404);
  });
});

describe('removing a card', () => {
  it('removes it for good: the processor detaches it, so it can never be charged again', async () => {
    const client = await signedInUser(t.app);
    await savedCard(t.app, client);
    const { cards } = await savedCard(t.app, client, '5555 5555 5555 4444');
    const mastercard = cards.find((c) => c.last4 === '4444')!;
    const [{ provider_token: methodToken }] = (await rows<{ provider_token: string }>(
      sql`select provider_token from saved_cards where id = ${mastercard.id}`,
    )) as [{ provider_token: string }];

    const response = await call(t.app, 'DELETE', `/api/me/cards/${mastercard.id}`, client);
    expect(response.statusCode).toBe(200);
    expect(response.json<SavedCardsResponse>()).toMatchObject({
      message: 'Your Mastercard ending 4444 is removed.',
      cards: [expect.objectContaining({ last4: '4242', isDefault: true })],
    });
    // Our side has forgotten it, and the processor refuses it.
    const charge = await t.app.ctx.payments.charge({
      idempotencyKey: randomUUID(),
      token: methodToken,
      amountMinor: 100,
      currency: 'USD',
      description: 'a charge on a removed card',
    });
    expect(charge).toMatchObject({ status: 'failed', code: 'invalid_token' });
    expect((await call(t.app, 'DELETE', `/api/me/cards/${mastercard.id}`, client)).statusCode).toBe(404);
  });

  it('removing the default makes no other card the default, and says so', async () => {
    const client = await signedInUser(t.app);
    const { cards } = await savedCard(t.app, client);
    await savedCard(t.app, client, '5555 5555 5555 4444');
    const response = await call(t.app, 'DELETE', `/api/me/cards/${cards[0]!.id}`, client);
    expect(response.statusCode).toBe(200);
    const answer = response.json<SavedCardsResponse>();
    expect(answer.message).toBe(
      'Your Visa ending 4242 is removed. It was your default card, and no other card has taken its place: choose a new default, or pick a card each time you pay.',
    );
    expect(answer.cards).toEqual([expect.objectContaining({ last4: '4444', isDefault: false })]);
  });
});

describe('expired cards', () => {
  it('are listed as expired, cannot become the default, and cannot pay', async () => {
    const now = clock.now();
    const { client, contract } = await hiredContract(t.app);
    // A card good until the end of this month, saved today; the clock then moves past it.
    const token = await tokenFor(t.app, client, CARDS.visa, {
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear(),
    });
    expect((await saveCardCall(t.app, client, token.token)).statusCode).toBe(201);
    const { cards } = await savedCard(t.app, client, '5555 5555 5555 4444');
    const visa = cards.find((c) => c.last4 === '4242')!;
    expect(visa.expired).toBe(false);

    clock.advance(32 * DAY_MS);
    try {
      const listed = await cardsOf(t.app, client);
      expect(listed.find((c) => c.id === visa.id)).toMatchObject({ expired: true, isDefault: true });
      expect(listed.find((c) => c.last4 === '4444')).toMatchObject({ expired: false });

      const makeDefault = await call(t.app, 'POST', `/api/me/cards/${visa.id}/default`, client);
      expect(makeDefault.statusCode).toBe(409);
      expect(makeDefault.json().message).toBe(
        'Your Visa ending 4242 has expired, so it cannot be your default card. Remove it.',
      );

      const milestone = contract.milestones[0]!;
      const paid = await fundCall(client, milestone.id, { savedCardId: visa.id });
      expect(paid.statusCode).toBe(400);
      expect(paid.json().message).toBe(
        'Your Visa ending 4242 has expired. Choose another card or enter a new one.',
      );
      expect((await getContract(t.app, client, contract.id)).milestones[0]!.status).toBe('pending');
      expect(await attemptsOf(milestone.id)).toBe(0);

      // An expired card can still be removed.
      expect((await call(t.app, 'DELETE', `/api/me/cards/${visa.id}`, client)).statusCode).toBe(200);
    } finally {
      clock.setTo(new Date());
    }
  });
});

describe('funding with a saved card', () => {
  it('charges the saved card once, even when the request is replayed', async () => {
    const { client, contract } = await hiredContract(t.app);
    const { cards } = await savedCard(t.app, client, '5555 5555 5555 4444');
    const milestone = contract.milestones[0]!;
    const key = randomUUID();
    const paid = await fundCall(client, milestone.id, { savedCardId: cards[0]!.id }, key);
    expect(paid.statusCode, paid.body).toBe(200);
    const funded = paid.json<Contract>().milestones[0]!;
    expect(funded.status).toBe('funded');
    expect(funded.paidWith).toEqual({ brand: 'Mastercard', last4: '4444' });

    const replay = await fundCall(client, milestone.id, { savedCardId: cards[0]!.id }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(paid.body);
    const differentBody = await fundCall(client, milestone.id, { paymentToken: 'tok_sandbox_other' }, key);
    expect(differentBody.statusCode).toBe(422);
    const [charges] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sandbox_charges c join payment_attempts a on a.id::text = c.idempotency_key where a.milestone_id = ${milestone.id}`,
    );
    expect(charges!.n).toBe(1);
    expect(await ledgerProblems(t.app.db)).toEqual([]);
  });

  it("another person's card is a 404, and nothing is charged", async () => {
    const { client, contract } = await hiredContract(t.app);
    const stranger = await signedInUser(t.app);
    const { cards } = await savedCard(t.app, stranger);
    const milestone = contract.milestones[0]!;
    const paid = await fundCall(client, milestone.id, { savedCardId: cards[0]!.id });
    expect(paid.statusCode).toBe(404);
    expect(paid.json().message).toBe('We could not find that saved card. It may have been removed.');
    expect(await attemptsOf(milestone.id)).toBe(0);
    expect((await getContract(t.app, client, contract.id)).milestones[0]!.status).toBe('pending');
  });

  it('a removed card is a 404 and is never charged', async () => {
    const { client, contract } = await hiredContract(t.app);
    const { cards } = await savedCard(t.app, client);
    await call(t.app, 'DELETE', `/api/me/cards/${cards[0]!.id}`, client);
    const paid = await fundCall(client, contract.milestones[0]!.id, { savedCardId: cards[0]!.id });
    expect(paid.statusCode).toBe(404);
    expect(await attemptsOf(contract.milestones[0]!.id)).toBe(0);
  });

  it('asks for exactly one card: a saved one or a new one', async () => {
    const { client, contract } = await hiredContract(t.app);
    const { cards } = await savedCard(t.app, client);
    const token = await tokenFor(t.app, client);
    const milestoneId = contract.milestones[0]!.id;
    for (const body of [
      {},
      { paymentToken: token.token, savedCardId: cards[0]!.id },
      { savedCardId: cards[0]!.id, saveCard: true },
      { savedCardId: 'not-a-card' },
    ]) {
      const response = await fundCall(client, milestoneId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await attemptsOf(milestoneId)).toBe(0);
  });
});

describe('funding with a new card and "save this card"', () => {
  it('keeps the card once the payment went through', async () => {
    const { client, contract } = await hiredContract(t.app);
    const token = await tokenFor(t.app, client, '5555 5555 5555 4444');
    const paid = await fundCall(client, contract.milestones[0]!.id, {
      paymentToken: token.token,
      saveCard: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await cardsOf(t.app, client)).toEqual([
      expect.objectContaining({ brand: 'Mastercard', last4: '4444', isDefault: true }),
    ]);
    // The kept card pays the next milestone.
    const [kept] = await cardsOf(t.app, client);
    const next = await fundCall(client, contract.milestones[1]!.id, { savedCardId: kept!.id });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('keeps nothing when the card is declined', async () => {
    const { client, contract } = await hiredContract(t.app);
    const token = await tokenFor(t.app, client, CARDS.declined);
    const paid = await fundCall(client, contract.milestones[0]!.id, {
      paymentToken: token.token,
      saveCard: true,
    });
    expect(paid.statusCode).toBe(402);
    expect(paid.json().message).toBe('Your card was declined.');
    expect(await cardsOf(t.app, client)).toEqual([]);
  });

  it('with no room left, says so before charging anything', async () => {
    const { client, contract } = await hiredContract(t.app);
    for (let n = 0; n < SAVED_CARDS_MAX; n++) await savedCard(t.app, client);
    const token = await tokenFor(t.app, client);
    const milestoneId = contract.milestones[0]!.id;
    const paid = await fundCall(client, milestoneId, { paymentToken: token.token, saveCard: true });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain(`You can keep up to ${SAVED_CARDS_MAX} saved cards.`);
    expect(await attemptsOf(milestoneId)).toBe(0);
  });
});
