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

/** Counters for named limits, in memory or shared through Redis when several nodes run. */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly scale = 1,
  ) {}

  private limiter(rule: LimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.prefix}:${rule.name}`,
        points: rule.points * this.scale,
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
}

/** An onRequest hook counting every attempt from a client address, valid or not. */
export function limitPerIp(rateLimits: RateLimits, rule: LimitRule) {
  return async (request: FastifyRequest) => rateLimits.consume([rule, request.ip]);
}

/** The limits of the account routes; one place to read and tune them. */
export const authLimits = {
  loginPerIp: { name: 'login-ip', points: 30, durationSeconds: 15 * 60 },
  loginPerEmail: { name: 'login-email', points: 10, durationSeconds: 15 * 60 },
  signUpPerIp: { name: 'signup-ip', points: 10, durationSeconds: 60 * 60 },
  resetPerIp: { name: 'reset-ip', points: 10, durationSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset-email', points: 5, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;
