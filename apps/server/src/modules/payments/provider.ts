import type { RateCurrency, SandboxCard } from '@sciwise/contracts';

/** Why a processor refused a charge; `message` is the processor's text, fit to show the payer. */
export type ChargeFailureCode = 'card_declined' | 'insufficient_funds' | 'processing_error' | 'invalid_token';

export type ChargeOutcome =
  { status: 'succeeded'; chargeId: string } | { status: 'failed'; code: ChargeFailureCode; message: string };

export interface CardOnFile {
  brand: string;
  last4: string;
}

/**
 * A card processor (DESIGN §4). Every call that moves money carries an idempotency key: the
 * processor answers a repeated key with the first outcome instead of charging again, which is
 * what lets a request, a retry and the reconciler all safely "charge" the same attempt.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The card behind a token (brand and last four), or null for a token it does not know. */
  describe(token: string): Promise<CardOnFile | null>;
  charge(request: {
    idempotencyKey: string;
    token: string;
    amountMinor: number;
    currency: RateCurrency;
    description: string;
  }): Promise<ChargeOutcome>;
  /** What a charge made with this key came to, or null when the processor never received it. */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  refund(request: {
    idempotencyKey: string;
    chargeId: string;
    amountMinor: number;
  }): Promise<{ refundId: string }>;
  /** Test cards to show people, for a sandbox; empty for a real processor. */
  testCards(): SandboxCard[];
}

/** The processor could not be reached or answered garbage: the outcome is unknown, not a refusal. */
export class ProviderUnavailableError extends Error {}
