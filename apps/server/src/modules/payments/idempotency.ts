import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@sciwise/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError, conflict, invalid } from '../../errors.ts';

/*
 * Idempotency keys for money-moving requests (DESIGN §4, in the manner of Stripe's): the first
 * request with a key runs and its answer is kept; a replay with the same key gets that answer
 * byte for byte without running again; the same key with a different request is a 422. Keys are
 * scoped to the signed-in user and kept at least 24 hours.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' for money-moving routes: a request without a key is refused. */
    idempotency?: 'required' | 'optional';
  }
  interface FastifyRequest {
    idempotencyClaim?: { userId: string; key: string };
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEEP_HOURS = 48;

const MISSING =
  'Send an Idempotency-Key header with this request (a new random value for each action), so a retry can never charge twice.';
const MALFORMED = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
const REUSED =
  'This Idempotency-Key was already used for a different request. Use a new key for a new action.';
const IN_PROGRESS = 'This request is still being processed. Try again in a moment.';

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = request.routeOptions.config.idempotency;
    if (!mode) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) {
      if (mode === 'required') throw invalid(MISSING, [{ field: 'Idempotency-Key', message: 'Missing.' }]);
      return;
    }
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw invalid(MALFORMED, [{ field: 'Idempotency-Key', message: MALFORMED }]);
    // Signed-out requests have nothing to scope a key to; the handler answers them with 401.
    const auth = await request.auth();
    if (!auth) return;
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]),
      )
      .digest('hex');
    const claim = { userId: auth.user.id, key };
    const [fresh] = await app.db
      .insert(idempotencyKeys)
      .values({ ...claim, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (fresh) {
      request.idempotencyClaim = claim;
      return;
    }
    const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, key));
    const [first] = await app.db.select().from(idempotencyKeys).where(mine);
    if (!first) throw conflict(IN_PROGRESS);
    if (first.requestHash !== requestHash) throw new AppError('idempotency_mismatch', REUSED);
    if (first.completedAt && first.statusCode !== null && first.responseBody !== null) {
      return reply
        .status(first.statusCode)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(first.responseBody);
    }
    // An answer still missing after a while means the first request died: this one takes over.
    const [takenOver] = await app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          mine,
          isNull(idempotencyKeys.completedAt),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - app.config.idempotencyStaleMs)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) throw conflict(IN_PROGRESS);
    request.idempotencyClaim = claim;
  };
  /** Keeps the answer the claim's request got, or frees the key when there is none to keep. */
  const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Our failure is not an answer to keep: the same key may try again.
      await app.db.delete(idempotencyKeys).where(mine);
    } else {
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, responseBody: payload, completedAt: sql`now()` })
        .where(mine);
    }
    return payload;
  };

  // Only the routes that take a key claim it and keep the answer; every other request skips both.
  // The keeper is the route's first onSend hook, ahead of compression's (@fastify/compress adds
  // its own per route), so the kept answer is the JSON text itself.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotency) return;
    route.preHandler = [claimKey, ...[route.preHandler ?? []].flat()];
    route.onSend = [keepAnswer, ...[route.onSend ?? []].flat()];
  });
});

/** Forgets answers older than the promise (24 hours) with room to spare. */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000)));
}
