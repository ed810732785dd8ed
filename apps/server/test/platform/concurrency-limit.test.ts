import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../../src/lib/concurrency-limit.ts';

/** A task that stays running until its test lets it finish. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  it('runs at most `limit` tasks at once and starts the waiting ones in the order they came', async () => {
    const run = concurrencyLimit(2);
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    const results = gates.map((g, i) =>
      run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);

    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);

    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it('a slot left free while nobody waits is taken by the next task that comes', async () => {
    const run = concurrencyLimit(1);
    expect(await run(async () => 'first')).toBe('first');
    expect(await run(async () => 'second')).toBe('second');
    const held = gate();
    const holding = run(() => held.done);
    let laterStarted = false;
    const later = run(async () => {
      laterStarted = true;
    });
    await settle();
    expect(laterStarted).toBe(false);
    held.open();
    await holding;
    await later;
    expect(laterStarted).toBe(true);
  });

  it('a task that fails gives its slot to the next and its error to its caller', async () => {
    const run = concurrencyLimit(1);
    const first = gate();
    const failing = run(() => first.done);
    const next = run(async () => 'next ran');
    first.fail(new Error('argon2 refused'));
    await expect(failing).rejects.toThrow('argon2 refused');
    expect(await next).toBe('next ran');
  });
});
