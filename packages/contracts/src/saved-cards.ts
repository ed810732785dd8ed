import { z } from 'zod';
import { uuidSchema } from './fields.ts';

/*
 * A client's saved cards (Payment Details). The processor keeps the card; we keep its reusable
 * token, brand, last four and expiry, and which one is the default.
 */

/** How many cards one person may keep saved at a time. */
export const SAVED_CARDS_MAX = 5;

export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** Past its expiry month (the server's clock): shown, but it cannot pay or become the default. */
  expired: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** Every answer of /api/me/cards: the whole list (default first, then newest), and what changed. */
export const savedCardsResponseSchema = z.object({
  cards: z.array(savedCardSchema),
  message: z.string().nullable(),
});
export type SavedCardsResponse = z.infer<typeof savedCardsResponseSchema>;

/** A processor's card token (from its card form); never a card number. */
export const paymentTokenSchema = z
  .string({ error: 'Choose a card to pay with.' })
  .min(1, 'Choose a card to pay with.')
  .max(200, 'That payment token is not valid.')
  .regex(/^[\w-]+$/, 'That payment token is not valid.');

/** POST /api/me/cards: save the card behind a token from the card form. */
export const saveCardRequestSchema = z.strictObject({
  paymentToken: paymentTokenSchema,
  /** The first saved card is the default whatever this says. */
  makeDefault: z.boolean({ error: 'makeDefault is true or false.' }).default(false),
});
export type SaveCardRequest = z.input<typeof saveCardRequestSchema>;

export const savedCardIdSchema = uuidSchema;

/** "Visa ending 4242", as every message and label names a card. */
export function cardName(card: { brand: string; last4: string }): string {
  return `${card.brand} ending ${card.last4}`;
}

/** "12/29": the expiry as printed on the card. */
export function cardExpiry(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}
