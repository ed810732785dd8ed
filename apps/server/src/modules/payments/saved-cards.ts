import { cardExpiry, cardName, SAVED_CARDS_MAX, type SavedCard } from '@sciwise/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { paymentCustomers, savedCards, users } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { CardOnFile } from './provider.ts';

/*
 * A client's saved cards. The processor keeps the card (a payment method attached to the
 * person's customer record there); we keep its reusable token, brand, last four and expiry. Every
 * lookup names the session's user, so another person's card id is the same 404 as a missing one.
 * Changes to one person's cards queue on their user row, which keeps the limit and the single
 * default true under concurrent requests (the partial unique index is the database's backstop).
 */

type SavedCardRow = typeof savedCards.$inferSelect;

export const SAVED_CARD_NOT_FOUND = 'We could not find that saved card. It may have been removed.';

/** A card is good until the end of its expiry month (UTC), as processors read it. */
export function isExpired(card: Pick<SavedCardRow, 'expMonth' | 'expYear'>, now: Date): boolean {
  return now.getTime() >= Date.UTC(card.expYear, card.expMonth, 1);
}

export function presentSavedCard(row: SavedCardRow, now: Date): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    expired: isExpired(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The person's saved cards: the default first, then the newest. */
export async function listSavedCards(ctx: ServiceContext, userId: string): Promise<SavedCard[]> {
  const rows = await ctx.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), desc(savedCards.id));
  const now = ctx.clock.now();
  return rows.map((row) => presentSavedCard(row, now));
}

/** The person's customer record at the processor, made the first time they save a card. */
async function customerFor(ctx: ServiceContext, userId: string): Promise<string> {
  const mine = and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, ctx.payments.name));
  const [known] = await ctx.db.select().from(paymentCustomers).where(mine);
  if (known) return known.customerRef;
  // The processor answers the same key with the same customer, so a race makes one customer.
  const { customerRef } = await ctx.payments.createCustomer({ idempotencyKey: `customer:${userId}` });
  await ctx.db
    .insert(paymentCustomers)
    .values({ userId, provider: ctx.payments.name, customerRef })
    .onConflictDoNothing();
  return customerRef;
}

async function lockPerson(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function savedCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedCards).where(eq(savedCards.userId, userId));
  return row?.n ?? 0;
}

const FULL = `You can keep up to ${SAVED_CARDS_MAX} saved cards. Remove one in Payment Details before you save another.`;

/** Refuses up front when a new card could not be saved (asked before a payment that would save it). */
export async function assertRoomForCard(ctx: ServiceContext, userId: string): Promise<void> {
  if ((await savedCount(ctx.db, userId)) >= SAVED_CARDS_MAX) throw conflict(FULL);
}

/**
 * Saves the card behind a one-time token from the card form. The first card becomes the
 * default; later ones only when asked. The same card token saved twice is a 409.
 */
export async function saveCard(
  ctx: ServiceContext,
  userId: string,
  input: { paymentToken: string; makeDefault: boolean },
): Promise<{ card: SavedCardRow; message: string }> {
  await assertRoomForCard(ctx, userId);
  // The processor is asked outside any transaction (on the embedded database a query outside an
  // open transaction would wait for it).
  const customerRef = await customerFor(ctx, userId);
  const method = await ctx.payments.saveCard({ customerRef, token: input.paymentToken });
  if (!method)
    throw invalid('This card can no longer be used. Please enter it again.', [
      { field: 'paymentToken', message: 'Enter the card again.' },
    ]);
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const [already] = await tx
      .select({ id: savedCards.id, userId: savedCards.userId })
      .from(savedCards)
      .where(
        and(eq(savedCards.provider, ctx.payments.name), eq(savedCards.providerToken, method.methodToken)),
      );
    if (already) return { refusal: conflict(`Your ${cardName(method)} is saved already.`), detach: false };
    if (isExpired(method, ctx.clock.now()))
      return {
        refusal: invalid(`Your ${cardName(method)} expired at the end of ${cardExpiry(method)}.`, [
          { field: 'paymentToken', message: 'This card has expired.' },
        ]),
        detach: true,
      };
    const saved = await savedCount(tx, userId);
    if (saved >= SAVED_CARDS_MAX) return { refusal: conflict(FULL), detach: true };
    const isDefault = saved === 0 || input.makeDefault;
    if (isDefault)
      await tx
        .update(savedCards)
        .set({ isDefault: false })
        .where(and(eq(savedCards.userId, userId), eq(savedCards.isDefault, true)));
    const [card] = await tx
      .insert(savedCards)
      .values({
        userId,
        provider: ctx.payments.name,
        providerToken: method.methodToken,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
        isDefault,
        createdAt: ctx.clock.now(),
      })
      .returning();
    return { card: card! };
  });
  if ('refusal' in outcome) {
    // A card we will not keep is not left attached at the processor either.
    if (outcome.detach) await detach(ctx, customerRef, method.methodToken);
    throw outcome.refusal;
  }
  const named = cardName(outcome.card);
  return {
    card: outcome.card,
    message: outcome.card.isDefault
      ? `Your ${named} is saved as your default card.`
      : `Your ${named} is saved.`,
  };
}

/** One saved card of one person. */
export interface CardRef {
  userId: string;
  cardId: string;
}

/** Makes one of the person's cards the default; an expired card cannot be. */
export async function setDefaultCard(ctx: ServiceContext, { userId, cardId }: CardRef): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const card = await ownCard(tx, { userId, cardId });
    if (isExpired(card, ctx.clock.now()))
      throw conflict(`Your ${cardName(card)} has expired, so it cannot be your default card. Remove it.`);
    // The old default is cleared first: the partial unique index allows one at any moment.
    await tx
      .update(savedCards)
      .set({ isDefault: false })
      .where(and(eq(savedCards.userId, userId), eq(savedCards.isDefault, true), ne(savedCards.id, cardId)));
    await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, cardId));
    return `Your ${cardName(card)} is now your default card.`;
  });
}

/**
 * Removes a card: its row goes, then the processor detaches it, so nothing can charge it again.
 * Removing the default makes no other card the default: the person chooses one (the page says so).
 */
export async function removeCard(ctx: ServiceContext, { userId, cardId }: CardRef): Promise<string> {
  const removed = await ctx.db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const card = await ownCard(tx, { userId, cardId });
    await tx.delete(savedCards).where(eq(savedCards.id, card.id));
    return card;
  });
  const [customer] = await ctx.db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, removed.provider)));
  if (customer) await detach(ctx, customer.customerRef, removed.providerToken);
  const named = cardName(removed);
  return removed.isDefault
    ? `Your ${named} is removed. It was your default card, and no other card has taken its place: choose a new default, or pick a card each time you pay.`
    : `Your ${named} is removed.`;
}

async function detach(ctx: ServiceContext, customerRef: string, methodToken: string): Promise<void> {
  try {
    await ctx.payments.removeCard({ customerRef, methodToken });
  } catch (error) {
    // Our row is gone, so nothing here can charge it; the processor keeps an unused method.
    ctx.log.error({ err: error }, 'card processor did not detach a removed card');
  }
}

async function ownCard(db: Executor, { userId, cardId }: CardRef): Promise<SavedCardRow> {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)));
  if (!card) throw notFound(SAVED_CARD_NOT_FOUND);
  return card;
}

/** A saved card to pay with: the person's own, not expired; its processor token and its face. */
export async function savedCardToCharge(
  ctx: ServiceContext,
  ref: CardRef,
): Promise<{ token: string; card: CardOnFile }> {
  const card = await ownCard(ctx.db, ref);
  if (isExpired(card, ctx.clock.now()))
    throw invalid(`Your ${cardName(card)} has expired. Choose another card or enter a new one.`, [
      { field: 'savedCardId', message: 'This card has expired.' },
    ]);
  return { token: card.providerToken, card: { brand: card.brand, last4: card.last4 } };
}

/**
 * After a payment with a new card went through, keeps that card when the payer asked to. The
 * payment stands whatever happens here; a card that cannot be kept (the limit reached meanwhile)
 * is logged, and the payer sees it is missing from their saved cards.
 */
export async function keepPaidCard(ctx: ServiceContext, userId: string, paymentToken: string): Promise<void> {
  try {
    await saveCard(ctx, userId, { paymentToken, makeDefault: false });
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'a paid card was not saved');
  }
}
