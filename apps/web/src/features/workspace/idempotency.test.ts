import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys } from './idempotency.ts';

function counter() {
  let next = 0;
  return () => `key-${++next}`;
}

describe('idempotency keys of one action', () => {
  it('gives the same request the same key every time it is sent (a retry, a double click)', () => {
    const keyFor = createIdempotencyKeys(counter());
    const first = keyFor({ milestone: 'm-1', paymentToken: 'tok_a' });
    expect(keyFor({ milestone: 'm-1', paymentToken: 'tok_a' })).toBe(first);
    expect(keyFor({ milestone: 'm-1', paymentToken: 'tok_a' })).toBe(first);
  });

  it('gives a different request in the same dialog (another card) a new key', () => {
    const keyFor = createIdempotencyKeys(counter());
    const declined = keyFor({ milestone: 'm-1', paymentToken: 'tok_declined' });
    const other = keyFor({ milestone: 'm-1', paymentToken: 'tok_ok' });
    expect(other).not.toBe(declined);
    // Going back to the first card is the first request again.
    expect(keyFor({ milestone: 'm-1', paymentToken: 'tok_declined' })).toBe(declined);
  });

  it('starts afresh for a new action', () => {
    const generate = counter();
    const first = createIdempotencyKeys(generate)({ milestone: 'm-1', reason: 'Not needed' });
    const second = createIdempotencyKeys(generate)({ milestone: 'm-1', reason: 'Not needed' });
    expect(second).not.toBe(first);
  });
});
