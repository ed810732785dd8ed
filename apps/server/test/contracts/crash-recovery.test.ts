import { randomUUID } from 'node:crypto';
import type { Contract } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import { expertProfiles, users } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { ServerProcess } from '../support/server-process.ts';
import { projectInput } from '../factories.ts';
import { ledgerProblems } from '../support/ledger.ts';
import { submission } from '../support/requests.ts';

/**
 * `kill -9` during a run of 1,000 money operations: a real server process is killed twice while
 * six clients fund, refund and approve milestones, each retrying what was not answered with the
 * same Idempotency-Key (as the web app does). Afterwards no acknowledged operation is lost, none
 * is applied twice (one hold, one settlement, one card charge per milestone), and the ledger
 * balances.
 */
const CONTRACTS = 50;
const MILESTONES = 10;
const server = new ServerProcess();
let client: { id: string; token: string };
let expert: { id: string; token: string };

beforeAll(async () => {
  await server.start(
    async (handle) => {
      const tag = randomUUID().slice(0, 8);
      const [clientRow, expertRow] = await handle.db
        .insert(users)
        .values([
          {
            email: `crash-client-${tag}@example.test`,
            firstName: 'Rosalind',
            lastName: 'Franklin',
            emailVerifiedAt: new Date(),
          },
          {
            email: `crash-expert-${tag}@example.test`,
            firstName: 'Lise',
            lastName: 'Meitner',
            emailVerifiedAt: new Date(),
          },
        ])
        .returning({ id: users.id });
      await handle.db.insert(expertProfiles).values({
        userId: expertRow!.id,
        slug: `lise-${tag}`,
        displayName: 'Lise Meitner',
        status: 'approved',
      });
      const ttlMs = 60 * 60 * 1000;
      client = {
        id: clientRow!.id,
        token: (await createSession(handle.db, { userId: clientRow!.id, ttlMs })).token,
      };
      expert = {
        id: expertRow!.id,
        token: (await createSession(handle.db, { userId: expertRow!.id, ttlMs })).token,
      };
    },
    // A request cut off by the crash holds its key this long before a retry may run it again.
    { IDEMPOTENCY_STALE_SECONDS: '1', JOBS_POLL_MS: '500' },
  );
}, 180_000);

afterAll(async () => {
  await server.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(token: string, path: string, body?: object, key?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function hire(): Promise<Contract> {
  const created = await api(client.token, '/api/projects', projectInput());
  const projectId = created.body.id as string;
  await api(client.token, `/api/projects/${projectId}/publish`, {});
  const milestones = Array.from({ length: MILESTONES }, (_, i) => ({
    title: `Part ${i + 1}`,
    amountMinor: 1_000 + i,
  }));
  const quote = await api(expert.token, `/api/projects/${projectId}/quotes`, {
    coverLetter: 'Ten careful parts, each delivered and checked on its own.',
    priceMinor: milestones.reduce((sum, m) => sum + m.amountMinor, 0),
    durationDays: 30,
    milestones,
  });
  const accepted = await api(client.token, `/api/quotes/${quote.body.id as string}/accept`, {});
  return (await api(client.token, `/api/contracts/${accepted.body.contractId as string}`))
    .body as unknown as Contract;
}

type Op = { kind: 'fund' | 'refund' | 'approve' | 'submit'; milestoneId: string; key: string };
const acked = new Set<string>();
const answeredByState = new Set<string>();

/** Sends until the server answers for good: a retry after a crash uses the same key. */
async function perform(op: Op, paymentToken: string): Promise<void> {
  for (;;) {
    let status: number;
    let message: string;
    try {
      if (op.kind === 'submit') {
        const body = submission('Delivered.', [{ name: 'part.txt', data: Buffer.from('The part.\n') }]);
        const response = await fetch(`${server.url}/api/milestones/${op.milestoneId}/submissions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${expert.token}`, ...body.headers },
          body: body.payload,
        });
        status = response.status;
        message = ((await response.json()) as { message?: string }).message ?? '';
      } else {
        const payload =
          op.kind === 'fund'
            ? { paymentToken }
            : op.kind === 'refund'
              ? { reason: 'Stopping early.' }
              : { metCriteria: [] };
        const response = await api(
          client.token,
          `/api/milestones/${op.milestoneId}/${op.kind}`,
          payload,
          op.key,
        );
        status = response.status;
        message = (response.body.message as string | undefined) ?? '';
      }
    } catch {
      await sleep(100); // The server is down: wait for it to come back.
      continue;
    }
    if (status === 200) {
      acked.add(op.key);
      return;
    }
    if (status === 409 && !message.includes('still being processed')) {
      // An earlier attempt, cut off by the crash, already moved the milestone on.
      answeredByState.add(op.key);
      return;
    }
    if (status === 409 || status >= 500) {
      await sleep(100);
      continue;
    }
    throw new Error(`${op.kind} ${op.milestoneId}: ${status} ${message}`);
  }
}

it('no acknowledged money operation is lost or applied twice across two SIGKILLs', async () => {
  const contracts: Contract[] = [];
  for (let i = 0; i < CONTRACTS; i++) contracts.push(await hire());
  const token = await api(client.token, '/api/payments/sandbox/tokens', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  const paymentToken = token.body.token as string;
  const milestones = contracts.flatMap((c) => c.milestones.map((m) => m.id));
  const plans = milestones.map((id, index): Op[] =>
    (index % 2 === 0 ? ['fund', 'refund'] : ['fund', 'submit', 'approve']).map((kind) => ({
      kind: kind as Op['kind'],
      milestoneId: id,
      key: `${id}:${kind}`,
    })),
  );
  const moneyOps = plans.flat().filter((op) => op.kind !== 'submit').length;
  expect(moneyOps).toBe(1_000);

  let crashes = 0;
  const killer = (async () => {
    for (const threshold of [300, 700]) {
      while (acked.size < threshold) await sleep(20);
      server.kill();
      await server.exited();
      crashes += 1;
      await server.restart();
    }
  })();
  const queue = [...plans];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let plan = queue.shift(); plan; plan = queue.shift())
        for (const op of plan) await perform(op, paymentToken);
    }),
  );
  await killer;
  expect(crashes).toBe(2);
  const money = (keys: Set<string>) => [...keys].filter((key) => !key.endsWith(':submit')).length;
  const ackedMoney = money(acked);
  // Every operation got a definite answer: acknowledged, or (cut off by a crash and retried)
  // told the milestone had already moved on.
  expect(ackedMoney + money(answeredByState)).toBe(moneyOps);
  console.info(
    `crash test: ${moneyOps} money operations, ${ackedMoney} acknowledged, ${money(answeredByState)} answered by state after a crash, ${crashes} SIGKILLs`,
  );

  // Every milestone ended where its plan leads, whatever was cut off on the way.
  for (const contract of contracts) {
    const after = (await api(client.token, `/api/contracts/${contract.id}`)).body as unknown as Contract;
    for (const [index, m] of after.milestones.entries()) {
      const global = milestones.indexOf(m.id);
      expect(m.status, `${contract.id} #${index}`).toBe(global % 2 === 0 ? 'refunded' : 'released');
    }
  }

  server.kill();
  await server.exited();
  await server.inspect(async (db: Executor) => {
    expect(await ledgerProblems(db)).toEqual([]);
    const counts = (await db.execute(sql`
      select m.id,
        (select count(*) from escrow_holds h where h.milestone_id = m.id)::int as holds,
        (select count(*) from escrow_settlements s where s.milestone_id = m.id)::int as settlements,
        (select count(*) from ledger_transactions t where t.milestone_id = m.id)::int as transactions,
        (select count(*) from payment_attempts a join sandbox_charges c on c.idempotency_key = a.id::text
           where a.milestone_id = m.id and c.status = 'succeeded')::int as charges,
        (select count(*) from card_refunds r join payment_attempts a on a.id = r.attempt_id where a.milestone_id = m.id)::int as refunds
      from contract_milestones m`)) as unknown as {
      rows: {
        id: string;
        holds: number;
        settlements: number;
        transactions: number;
        charges: number;
        refunds: number;
      }[];
    };
    expect(counts.rows).toHaveLength(milestones.length);
    for (const row of counts.rows) {
      const refunded = milestones.indexOf(row.id) % 2 === 0;
      expect({ ...row, id: undefined }).toEqual({
        id: undefined,
        holds: 1,
        settlements: 1,
        transactions: 2,
        charges: 1,
        refunds: refunded ? 1 : 0,
      });
    }
  });
}, 900_000);
