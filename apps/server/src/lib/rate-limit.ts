import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimited } from '../errors.ts';

export interface LimitRule {
  /** Name of the limit, part of the store key. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** A count of failures that never refuses: past a free allowance, each failure makes the next attempt wait longer. */
export interface SlowDownRule {
  /** Name of the count, part of the store key. */
  name: string;
  /** How long a failure is remembered. */
  durationSeconds: number;
  /** Failures answered without waiting. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export type Sleep = (ms: number) => Promise<void>;

const sleepFor: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before an attempt after `failures` failures (the allowance scaled like every other limit). */
export function slowDownDelay(rule: SlowDownRule, failures: number, scale = 1): number {
  const beyond = failures - rule.freeFailures * scale;
  return beyond < 0 ? 0 : Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** beyond);
}

/** Counters for named limits, in memory or shared through Redis when several nodes run. */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly scale = 1,
    /** How a slow-down waits; tests pass one that records the wait instead. */
    private readonly sleep: Sleep = sleepFor,
  ) {}

  private limiter(rule: LimitRule | SlowDownRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.prefix}:${rule.name}`,
        // A slow-down never refuses, so its counter has no ceiling to reach.
        points: 'points' in rule ? rule.points * this.scale : Number.MAX_SAFE_INTEGER,
        duration: rule.durationSeconds,
      };
      limiter = this.redis
        ? new RateLimiterRedis({ ...options, storeClient: this.redis, useRedisPackage: false })
        : new RateLimiterMemory(options);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** Counts one attempt under every (rule, key) pair; throws a 429 AppError when any is exhausted. */
  async consume(...checks: Array<[LimitRule, string]>): Promise<void> {
    for (const [rule, key] of checks) {
      try {
        await this.limiter(rule).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
        throw error;
      }
    }
  }

  /** Forgets what was counted under (rule, key). */
  async reset(rule: LimitRule | SlowDownRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }

  /** Counts one failure under a slow-down; never refuses. */
  async recordFailure(rule: SlowDownRule, key: string): Promise<void> {
    await this.limiter(rule).penalty(key, 1);
  }

  /** Waits as long as the failures counted under (rule, key) call for; returns the wait in ms. */
  async slowDown(rule: SlowDownRule, key: string): Promise<number> {
    const failures = (await this.limiter(rule).get(key))?.consumedPoints ?? 0;
    const delay = slowDownDelay(rule, failures, this.scale);
    if (delay > 0) await this.sleep(delay);
    return delay;
  }
}

/**
 * An onRequest hook counting every attempt from a client address, valid or not
 * (docs/decisions/027-rate-limits-before-validation.md).
 */
export function limitPerIp(rateLimits: RateLimits, rule: LimitRule) {
  return async (request: FastifyRequest) => rateLimits.consume([rule, request.ip]);
}

/**
 * The limits of the account routes; one place to read and tune them. Sign-in never locks an
 * account: failures refuse only per (account, address) and per device, and per account they
 * only slow further attempts down (modules/accounts/login-throttle.ts).
 */
export const authLimits = {
  /** Every sign-in attempt from one address, whatever the account. */
  loginPerIp: { name: 'login-ip', points: 30, durationSeconds: 15 * 60 },
  /** Failed passwords for one account from one address; a success starts it afresh. */
  loginFailuresPerAccountAndIp: { name: 'login-account-ip', points: 10, durationSeconds: 15 * 60 },
  /** Failed passwords from a device that has signed in to the account before. */
  loginFailuresPerKnownDevice: { name: 'login-device', points: 10, durationSeconds: 15 * 60 },
  /** Failed passwords for one account from anywhere: after 5, each attempt waits 1 s, 2 s, 4 s ... up to 10 s. */
  loginSlowDownPerAccount: {
    name: 'login-account',
    durationSeconds: 15 * 60,
    freeFailures: 5,
    firstDelayMs: 1000,
    maxDelayMs: 10_000,
  },
  signUpPerIp: { name: 'signup-ip', points: 10, durationSeconds: 60 * 60 },
  /** E-mails telling an owner that someone tried to sign up with their address; more are dropped. */
  signUpNoticePerEmail: { name: 'signup-notice-email', points: 3, durationSeconds: 60 * 60 },
  resetPerIp: { name: 'reset-ip', points: 10, durationSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset-email', points: 5, durationSeconds: 60 * 60 },
  /** Opening e-mail confirmation links, per address. */
  verifyEmailPerIp: { name: 'verify-email-ip', points: 30, durationSeconds: 60 * 60 },
  /** New confirmation links one account may ask for, so nobody floods an inbox with them. */
  verificationResendPerUser: { name: 'verify-resend-user', points: 3, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule | SlowDownRule>;
