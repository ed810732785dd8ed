import { describe, expect, it } from 'vitest';
import { stepFromParam } from './use-step-param.ts';

describe('stepFromParam', () => {
  it('counts steps from 1 in the address and from 0 in the form', () => {
    expect(stepFromParam('3', 5)).toBe(2);
    expect(stepFromParam('1', 5)).toBe(0);
  });

  it('takes the first step for a missing or nonsense value, and the last for one past the end', () => {
    for (const raw of [null, '', '0', '-2', '2.5', 'two']) expect(stepFromParam(raw, 5)).toBe(0);
    expect(stepFromParam('9', 5)).toBe(4);
  });
});
