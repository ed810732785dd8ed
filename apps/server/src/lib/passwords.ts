import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { dictionary } from '@zxcvbn-ts/language-common';
import { concurrencyLimit } from './concurrency-limit.ts';

/** OWASP's minimum for argon2id: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules can't read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most one argon2 computation per core at a time, and never every thread of libuv's pool
 * (which @node-rs/argon2 runs on, as do file reads and compression). Each hash walks 19 MiB of
 * memory at random, so more at once than cores only share the caches: bench/api.ts prints the CPU
 * a hash costs this way and unlimited.
 */
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashSlots = concurrencyLimit(Math.max(1, Math.min(availableParallelism(), LIBUV_THREADS - 1)));

export function hashPassword(password: string): Promise<string> {
  return hashSlots(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashSlots(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified when the e-mail is unknown so that a wrong e-mail
 * costs the same time as a wrong password (no account enumeration by timing).
 */
let decoyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoyHash, password);
}

// zxcvbn-ts ships ~49,000 of the most common passwords (from breach corpora).
const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** Refuses passwords that appear in common-password lists, or that are one character repeated. */
export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) {
    return 'This password is one of the most common ones, so it is easy to guess. Please choose another.';
  }
  if (/^(.)\1*$/.test(password)) {
    return 'A password made of one repeated character is easy to guess. Please choose another.';
  }
  if (context.email && lowered === context.email.toLowerCase()) {
    return 'Your password must not be your e-mail address.';
  }
  return null;
}
