import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import { rowsOfKept } from '../../db/prepared.ts';

/*
 * Durable jobs on the app's own database (docs/decisions/008-escrow.md says why not pg-boss or
 * graphile-worker: neither runs on the embedded PGlite). A job is a row; a node claims due rows
 * with FOR UPDATE SKIP LOCKED, so of several nodes sharing PostgreSQL exactly one takes each, and
 * a claim expires, so a node that dies mid-job does not strand it. Time comes from the app clock.
 */

export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** Enqueuing the same key twice makes one job. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export type JobHandler =
  | {
      /** Runs inside the transaction that marks the job done: its database effects happen once. */
      transactional: true;
      run(job: ClaimedJob, tx: Transaction): Promise<void>;
    }
  | {
      /** For effects outside the database (e-mail): at least once, marked done right after. */
      transactional: false;
      run(job: ClaimedJob): Promise<void>;
    };

/** Adds jobs in the caller's transaction, so they exist exactly when the change they follow does. */
export async function enqueue(
  tx: Executor | MoneyWrites,
  specs: JobSpec | readonly JobSpec[],
): Promise<void> {
  const list = Array.isArray(specs) ? specs : [specs as JobSpec];
  if (list.length === 0) return;
  const rows = list.map((spec) => ({
    kind: spec.kind,
    payload: spec.payload,
    runAt: spec.runAt,
    dedupeKey: spec.dedupeKey ?? null,
    maxAttempts: spec.maxAttempts ?? 8,
  }));
  // Queued, apply_money_writes inserts them with the same "same key, one job" rule.
  if (tx instanceof MoneyWrites) tx.insert(jobs, rows);
  else await tx.insert(jobs).values(rows).onConflictDoNothing({ target: jobs.dedupeKey });
}

const LOCK_MS = 5 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 10_000 * 2 ** (attempts - 1));

export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
  ) {}

  /** Claims the jobs due now (up to `batch`) and runs them; returns how many ran. */
  async runDue(batch = 20): Promise<number> {
    const now = this.clock.now();
    // Every node runs this each second: kept, it is not parsed and planned every time.
    const claimed = await rowsOfKept<ClaimedJob>(
      this.db,
      sql`
      update jobs set locked_until = ${new Date(now.getTime() + LOCK_MS)}, attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= ${now}
          and (locked_until is null or locked_until <= ${now})
        order by run_at
        limit ${batch}
        for update skip locked)
      returning id, kind, payload, attempts`,
    );
    for (const job of claimed) await this.runOne(job);
    return claimed.length;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    // The attempt count is part of the claim: a job whose lock expired and was claimed again
    // elsewhere is not marked done by this, the older claim.
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if (handler.transactional) {
        await this.db.transaction(async (tx) => {
          await handler.run(job, tx);
          await tx.update(jobs).set({ doneAt: this.clock.now(), lockedUntil: null }).where(mine);
        });
      } else {
        await handler.run(job);
        await this.db.update(jobs).set({ doneAt: this.clock.now(), lockedUntil: null }).where(mine);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
      const retryAt = new Date(this.clock.now().getTime() + backoffMs(job.attempts));
      await this.db
        .update(jobs)
        .set({
          lastError: message.slice(0, 500),
          lockedUntil: null,
          runAt: retryAt,
          failedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then ${this.clock.now()}::timestamptz end`,
        })
        .where(mine);
    }
  }

  /** Polls every `pollMs`; `alsoEachPass` runs maintenance (reconciliation) on the same beat. */
  start(pollMs: number, alsoEachPass?: () => Promise<unknown>): void {
    if (this.timer || pollMs <= 0) return;
    const pass = async () => {
      try {
        while ((await this.runDue()) > 0);
        await alsoEachPass?.();
      } catch (error) {
        this.log.error({ err: error }, 'job runner pass failed');
      }
    };
    const tick = () => {
      this.running = pass().finally(() => {
        if (!this.timer) return;
        this.timer = setTimeout(tick, pollMs);
        this.timer.unref();
      });
    };
    this.timer = setTimeout(tick, pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
