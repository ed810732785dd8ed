import { randomBytes } from 'node:crypto';
import type { CardToken, SandboxCard, sandboxCardRequestSchema } from '@sciwise/contracts';
import type { z } from 'zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  sandboxCards,
  sandboxCharges,
  sandboxCustomers,
  sandboxPaymentMethods,
  sandboxRefunds,
} from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { ChargeFailureCode, ChargeOutcome, PaymentProvider } from './provider.ts';
import { sandboxPayoutMethods } from './sandbox-payouts.ts';

/*
 * The default processor: a card processor's test mode, offline. It keeps its own books (the
 * sandbox_* tables, which a real processor would keep on its side) and answers like one: test
 * card numbers that succeed, are declined, lack funds or fail to process, each with the
 * processor's own message. Card numbers are never stored: a token, the brand and the last four.
 */

type Behaviour = SandboxCard['outcome'];

export const sandboxTestCards: SandboxCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds', description: 'Visa: the payment succeeds' },
  { number: '5555 5555 5555 4444', outcome: 'succeeds', description: 'Mastercard: the payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined', description: 'The card is declined' },
  {
    number: '4000 0000 0000 9995',
    outcome: 'insufficient_funds',
    description: 'The card has insufficient funds',
  },
  {
    number: '4000 0000 0000 0119',
    outcome: 'processing_error',
    description: 'The processor fails with a processing error',
  },
];

const behaviourByNumber = new Map(
  sandboxTestCards.map((card) => [card.number.replace(/\s/g, ''), card.outcome]),
);

const failures: Record<Exclude<Behaviour, 'succeeds'>, { code: ChargeFailureCode; message: string }> = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};
const UNKNOWN_TOKEN = {
  code: 'invalid_token',
  message: 'This card can no longer be used. Please enter it again.',
} as const;

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

/** The sandbox's card form: checks the card like a processor would and returns a token for it. */
export async function tokenizeSandboxCard(
  db: Database,
  card: z.output<typeof sandboxCardRequestSchema>,
  now: Date,
): Promise<CardToken> {
  const behaviour = behaviourByNumber.get(card.number);
  if (!behaviour)
    throw invalid('This is a sandbox: no real card can be charged. Use one of the test cards shown.', [
      { field: 'number', message: 'Use one of the sandbox test cards.' },
    ]);
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime())
    throw invalid('Your card has expired.', [{ field: 'expYear', message: 'Your card has expired.' }]);
  const token = `tok_sandbox_${randomBytes(12).toString('hex')}`;
  const saved = {
    brand: brandOf(card.number),
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
  await db.insert(sandboxCards).values({ token, behaviour, ...saved });
  return { token, ...saved };
}

function outcomeOf(
  charge: Pick<typeof sandboxCharges.$inferSelect, 'id' | 'status' | 'failureCode'>,
): ChargeOutcome {
  if (charge.status === 'succeeded') return { status: 'succeeded', chargeId: charge.id };
  const failure =
    charge.failureCode === UNKNOWN_TOKEN.code
      ? UNKNOWN_TOKEN
      : (Object.values(failures).find((f) => f.code === charge.failureCode) ?? failures.processing_error);
  return { status: 'failed', code: failure.code, message: failure.message };
}

const METHOD_PREFIX = 'pm_sandbox_';

/** `clock` dates payouts: they arrive a day after they are sent, on the app's clock. */
export function sandboxProvider(db: Database, clock: Clock = systemClock): PaymentProvider {
  /** The card a one-time token or a saved method stands for; a detached method stands for none. */
  const cardBehind = async (token: string) => {
    let cardToken = token;
    if (token.startsWith(METHOD_PREFIX)) {
      const [method] = await db
        .select({ cardToken: sandboxPaymentMethods.cardToken })
        .from(sandboxPaymentMethods)
        .where(and(eq(sandboxPaymentMethods.id, token), isNull(sandboxPaymentMethods.detachedAt)));
      if (!method) return undefined;
      cardToken = method.cardToken;
    }
    const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, cardToken));
    return card;
  };
  const findCharge = async (idempotencyKey: string) => {
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
    return charge ? outcomeOf(charge) : null;
  };
  return {
    name: 'sandbox',
    async describe(token) {
      const card = await cardBehind(token);
      return card ? { brand: card.brand, last4: card.last4 } : null;
    },
    async charge(request) {
      // One statement: the charge's outcome is the card's behaviour, read as the row is inserted
      // (an unknown token, or a detached method, is refused). A key the processor has seen answers
      // with the first outcome: never a second charge.
      const behaviour = request.token.startsWith(METHOD_PREFIX)
        ? sql`(select c.behaviour from ${sandboxPaymentMethods} m join ${sandboxCards} c on c.token = m.card_token
               where m.id = ${request.token} and m.detached_at is null)`
        : sql`(select c.behaviour from ${sandboxCards} c where c.token = ${request.token})`;
      const failureCode = sql`case ${behaviour} ${sql.join(
        Object.entries(failures).map(([when, failure]) => sql`when ${when} then ${failure.code} `),
      )}when 'succeeds' then null else ${UNKNOWN_TOKEN.code} end`;
      const result = (await db.execute(sql`
        insert into ${sandboxCharges} (id, idempotency_key, token, amount_minor, currency, status, failure_code)
        select charge.id, charge.key, charge.token, charge.amount, charge.currency,
               case when charge.failure_code is null then 'succeeded' else 'failed' end, charge.failure_code
          from (select ${`ch_sandbox_${randomBytes(12).toString('hex')}`} as id, ${request.idempotencyKey} as key,
                       ${request.token} as token, ${request.amountMinor}::integer as amount,
                       ${request.currency} as currency, ${failureCode} as failure_code) charge
        on conflict (idempotency_key) do nothing
        returning id, status, failure_code`)) as unknown as {
        rows: { id: string; status: string; failure_code: string | null }[];
      };
      const [charged] = result.rows;
      return charged
        ? outcomeOf({ id: charged.id, status: charged.status, failureCode: charged.failure_code })
        : (await findCharge(request.idempotencyKey))!;
    },
    findCharge,
    async refund(request) {
      const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
      await db
        .insert(sandboxRefunds)
        .values({
          id,
          idempotencyKey: request.idempotencyKey,
          chargeId: request.chargeId,
          amountMinor: request.amountMinor,
        })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey });
      const [refund] = await db
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey));
      return { refundId: refund!.id };
    },
    async createCustomer({ idempotencyKey }) {
      await db
        .insert(sandboxCustomers)
        .values({ id: `cus_sandbox_${randomBytes(12).toString('hex')}`, idempotencyKey })
        .onConflictDoNothing({ target: sandboxCustomers.idempotencyKey });
      const [customer] = await db
        .select({ id: sandboxCustomers.id })
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.idempotencyKey, idempotencyKey));
      return { customerRef: customer!.id };
    },
    async saveCard({ customerRef, token }) {
      // Only a one-time card token can be saved; a method token is already someone's saved card.
      const [card] = token.startsWith(METHOD_PREFIX)
        ? []
        : await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
      if (!card) return null;
      const attached = and(
        eq(sandboxPaymentMethods.customerId, customerRef),
        eq(sandboxPaymentMethods.cardToken, token),
        isNull(sandboxPaymentMethods.detachedAt),
      );
      await db
        .insert(sandboxPaymentMethods)
        .values({
          id: `${METHOD_PREFIX}${randomBytes(12).toString('hex')}`,
          customerId: customerRef,
          cardToken: token,
        })
        .onConflictDoNothing();
      const [method] = await db.select().from(sandboxPaymentMethods).where(attached);
      return {
        methodToken: method!.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },
    async removeCard({ customerRef, methodToken }) {
      await db
        .update(sandboxPaymentMethods)
        .set({ detachedAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentMethods.id, methodToken),
            eq(sandboxPaymentMethods.customerId, customerRef),
            isNull(sandboxPaymentMethods.detachedAt),
          ),
        );
    },
    testCards: () => sandboxTestCards,
    ...sandboxPayoutMethods(db, clock),
  };
}
