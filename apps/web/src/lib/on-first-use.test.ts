import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('makes nothing until asked, then the same value every time', () => {
    let made = 0;
    const format = onFirstUse(() => ({ id: (made += 1) }));
    expect(made).toBe(0);
    const first = format();
    expect(format()).toBe(first);
    expect(made).toBe(1);
  });
});
