import type { RateCurrency, SandboxBankAccount, SandboxCard } from '@sciwise/contracts';

/** Why a processor refused a charge; `message` is the processor's text, fit to show the payer. */
export type ChargeFailureCode = 'card_declined' | 'insufficient_funds' | 'processing_error' | 'invalid_token';

export type ChargeOutcome =
  { status: 'succeeded'; chargeId: string } | { status: 'failed'; code: ChargeFailureCode; message: string };

/** A bank account the processor holds for payouts: what it tells us about it, never the number. */
export interface BankAccountOnFile {
  bankName: string | null;
  last4: string;
  accountHolderName: string;
  currency: RateCurrency;
}

export type BankAccountTokenOutcome =
  | ({ status: 'accepted'; token: string } & BankAccountOnFile)
  | { status: 'rejected'; code: string; message: string };

/**
 * What became of a payout, as the processor tells it: on its way (with the day the bank expects
 * it), arrived, or refused by the bank with a reason fit to show the expert.
 */
export type PayoutOutcome =
  | { status: 'in_transit'; payoutId: string; arrivalAt: Date }
  | { status: 'paid'; payoutId: string; arrivalAt: Date }
  | { status: 'failed'; payoutId: string | null; code: string; message: string };

export interface CardOnFile {
  brand: string;
  last4: string;
}

/** A card kept at the processor for a customer: a reusable payment-method token. */
export interface SavedPaymentMethod extends CardOnFile {
  methodToken: string;
  expMonth: number;
  expYear: number;
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
  /**
   * The person's customer record at the processor, made once: the same key always answers with
   * the same customer.
   */
  createCustomer(request: { idempotencyKey: string }): Promise<{ customerRef: string }>;
  /**
   * Keeps the card behind a one-time token for a customer (a real processor's "attach payment
   * method"): the method token it answers with can be charged again later. The same token for the
   * same customer answers with the same method; an unknown token is null.
   */
  saveCard(request: { customerRef: string; token: string }): Promise<SavedPaymentMethod | null>;
  /** Detaches a saved method: from then on every charge with it fails. */
  removeCard(request: { customerRef: string; methodToken: string }): Promise<void>;
  /** Test cards to show people, for a sandbox; empty for a real processor. */
  testCards(): SandboxCard[];

  /**
   * Hands bank details to the processor, which checks them and keeps them: we get a token and
   * what may be shown (bank name, last four). A refusal carries the processor's message.
   */
  tokenizeBankAccount(details: {
    accountHolderName: string;
    accountNumber: string;
    currency: RateCurrency;
  }): Promise<BankAccountTokenOutcome>;
  /**
   * Sends money to a tokenised bank account. A repeated key answers with the first payout, so a
   * retry after a crash never pays twice.
   */
  createPayout(request: {
    idempotencyKey: string;
    token: string;
    amountMinor: number;
    currency: RateCurrency;
  }): Promise<PayoutOutcome>;
  /** The payout made with this key as it stands now, or null when the processor never received it. */
  findPayout(idempotencyKey: string): Promise<PayoutOutcome | null>;
  /** Test bank accounts to show people, for a sandbox; empty for a real processor. */
  testBankAccounts(): SandboxBankAccount[];
}

/** The processor could not be reached or answered garbage: the outcome is unknown, not a refusal. */
export class ProviderUnavailableError extends Error {}
