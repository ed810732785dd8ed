import { availableParallelism } from 'node:os';
import { expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/lib/passwords.ts';

// A burst of sign-ins must not start more argon2 computations than the cores can run, nor take
// every thread of libuv's pool (file reads and compression wait on it too). argon2 is replaced
// here by computations that finish only when the test says, so it can count them.
const argon2 = vi.hoisted(() => ({ running: 0, most: 0, finish: [] as Array<() => void> }));
vi.mock('@node-rs/argon2', () => {
  const computation = <T>(result: T) =>
    new Promise<T>((resolve) => {
      argon2.running += 1;
      argon2.most = Math.max(argon2.most, argon2.running);
      argon2.finish.push(() => {
        argon2.running -= 1;
        resolve(result);
      });
    });
  return { hash: () => computation('$argon2id$fake'), verify: () => computation(true) };
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('runs at most one hash per core, and never on every libuv thread, however many are asked for', async () => {
  const libuvThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const limit = Math.max(1, Math.min(availableParallelism(), libuvThreads - 1));
  const asked = [
    ...Array.from({ length: limit + 2 }, () => verifyPassword('$argon2id$stored', 'a passphrase')),
    hashPassword('a new passphrase'),
  ];
  await settle();
  expect(argon2.running).toBe(limit);

  while (argon2.finish.length > 0) {
    argon2.finish.shift()!();
    await settle();
    expect(argon2.running).toBeLessThanOrEqual(limit);
  }
  expect(await Promise.all(asked)).toEqual([
    ...Array.from({ length: limit + 2 }, () => true),
    '$argon2id$fake',
  ]);
  expect(argon2.most).toBe(limit);
});
