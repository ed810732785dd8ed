// npm run bench:billing: the Billing page's API for an expert with 10,000 ledger movements (the
//   first page and a deep one, each with the running balance), against the by-id contract lookup
//   (GET /api/contracts/:id of one of their contracts), in the same run on the same database. The
//   movements are written straight in SQL for speed, as the app would write them: 5,000 contracts
//   of two milestones, each funded (client) and released (expert) as balanced ledger transactions
//   with their holds and settlements. A fresh embedded PGlite in a temp folder, or PostgreSQL when
//   DATABASE_URL is set. BENCH_EXPLAIN=1 prints the plans of the first page, a deep page and one
//   contract's page. Last line: one JSON object with the figures.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { movementsStatement } from '../apps/server/src/modules/billing/statement.ts';
import { encodeCursor } from '../apps/server/src/lib/cursor.ts';
import { openBenchApp } from './bench-app.ts';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 5_000);
const MILESTONES_PER_CONTRACT = 2;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const { handle, app, raw, close } = await openBenchApp('billing');

const tag = randomUUID().slice(0, 8);
const [client, expert] = (await raw(
  `insert into users (email, first_name, last_name) values ($1, 'Bench', 'Client'), ($2, 'Bench', 'Expert') returning id`,
  [`bench-client-${tag}@example.test`, `bench-expert-${tag}@example.test`],
)) as { id: string }[];
const expertToken = (await createSession(handle.db, { userId: expert!.id, ttlMs: 3_600_000 })).token;

const seedStarted = Date.now();
// Contracts of two milestones each, settled; milestone amounts vary so balances are not a progression.
const contractIds = (
  await raw(
    `with p as (
       insert into projects (owner_id, title, description, status, currency)
       select $1, 'Bench project ' || i, 'A project for the billing bench.', 'completed', 'USD' from generate_series(1, $3::int) i
       returning id),
     q as (
       insert into quotes (project_id, expert_id, cover_letter, price_minor, currency, duration_days, milestones, status)
       select id, $2, 'Bench quote.', 100000, 'USD', 10, '[{"title":"Analysis","amountMinor":50000,"criteria":[]},{"title":"Report","amountMinor":50000,"criteria":[]}]', 'accepted' from p
       returning id, project_id)
     insert into contracts (project_id, quote_id, client_id, expert_id, title, price_minor, currency, client_fee_bps, expert_fee_bps, auto_release_days)
     select project_id, id, $1, $2, 'Bench contract', 100000, 'USD', 500, 1000, 14 from q
     returning id`,
    [client!.id, expert!.id, CONTRACTS],
  )
).map((row) => row.id as string);
await raw(
  `insert into contract_milestones (contract_id, position, title, amount_minor, currency, status)
   select c.id, n, case n when 1 then 'Analysis' else 'Report' end, 10000 + (abs(hashtext(c.id::text || n)) % 90000), 'USD', 'released'
   from contracts c cross join generate_series(1, $2::int) n where c.client_id = $1`,
  [client!.id, MILESTONES_PER_CONTRACT],
);
await raw(
  `insert into ledger_accounts (kind, user_id, milestone_id, currency) values
     ('client_funding', $1, null, 'USD'), ('expert_available', $2, null, 'USD'), ('platform_fees', null, null, 'USD')
   on conflict do nothing`,
  [client!.id, expert!.id],
);
await raw(
  `insert into ledger_accounts (kind, milestone_id, currency)
   select 'escrow', m.id, 'USD' from contract_milestones m join contracts c on c.id = m.contract_id where c.client_id = $1`,
  [client!.id],
);
// A fund and, three days later, a release per milestone, spread over the last two years.
await raw(
  `insert into ledger_transactions (id, kind, contract_id, milestone_id, created_by, memo, created_at)
   select md5(m.id::text || k.kind)::uuid, k.kind::ledger_transaction_kind, m.contract_id, m.id, $1, 'Bench ' || k.kind,
     now() - interval '730 days' + (row_number() over (order by m.position, m.contract_id)) * interval '1 hour' + k.later
   from contract_milestones m join contracts c on c.id = m.contract_id
   cross join (values ('fund', interval '0'), ('release', interval '3 days')) k(kind, later)
   where c.client_id = $1`,
  [client!.id],
);
await raw(
  `with accounts as (
     select (select id from ledger_accounts where kind = 'client_funding' and user_id = $1) as funding,
            (select id from ledger_accounts where kind = 'expert_available' and user_id = $2) as available,
            (select id from ledger_accounts where kind = 'platform_fees' and user_id is null and currency = 'USD') as fees)
   insert into ledger_entries (transaction_id, account_id, currency, amount_minor, created_at)
   select t.id, legs.account_id, 'USD', legs.amount, t.created_at
   from ledger_transactions t
   join contract_milestones m on m.id = t.milestone_id
   join ledger_accounts esc on esc.kind = 'escrow' and esc.milestone_id = m.id
   cross join accounts a
   cross join lateral (
     select * from (values
       (a.funding, -(m.amount_minor + (m.amount_minor * 500 + 5000) / 10000)::bigint),
       (esc.id, m.amount_minor::bigint),
       (a.fees, ((m.amount_minor * 500 + 5000) / 10000)::bigint)) v where t.kind = 'fund'
     union all
     select * from (values
       (esc.id, -m.amount_minor::bigint),
       (a.available, (m.amount_minor - (m.amount_minor * 1000 + 5000) / 10000)::bigint),
       (a.fees, ((m.amount_minor * 1000 + 5000) / 10000)::bigint)) v where t.kind = 'release'
   ) legs(account_id, amount)
   where t.created_by = $1`,
  [client!.id, expert!.id],
);
await raw(
  `insert into escrow_holds (milestone_id, funding_transaction_id, amount_minor, fee_minor, currency, created_at)
   select m.id, t.id, m.amount_minor, (m.amount_minor * 500 + 5000) / 10000, 'USD', t.created_at
   from ledger_transactions t join contract_milestones m on m.id = t.milestone_id
   where t.created_by = $1 and t.kind = 'fund'`,
  [client!.id],
);
await raw(
  `insert into escrow_settlements (milestone_id, transaction_id, outcome, to_expert_minor, to_client_minor, created_at)
   select m.id, t.id, 'posted', m.amount_minor, 0, t.created_at
   from ledger_transactions t join contract_milestones m on m.id = t.milestone_id
   where t.created_by = $1 and t.kind = 'release'`,
  [client!.id],
);
const unbalanced = await raw(
  `select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`,
);
if (unbalanced.length > 0) throw new Error(`ledger does not balance: ${unbalanced.length} transactions`);
// What autovacuum does by itself after a bulk load, at once rather than within its minute:
// statistics for the planner and a visibility map, so the statement index answers without
// visiting the table.
await raw('vacuum analyze');
const seedMs = Date.now() - seedStarted;
const [{ movements }] = (await raw(
  `select count(*)::int as movements from ledger_entries e join ledger_accounts a on a.id = e.account_id
   where a.user_id = $1 and a.kind = 'expert_available'`,
  [expert!.id],
)) as [{ movements: number }];
console.error(`seeded ${movements} movements for the expert in ${seedMs} ms`);

// A deep page: the one after the 9,500th newest movement.
const [deep] = (await raw(
  `select (extract(epoch from e.created_at) * 1000000)::bigint::text as micros, e.transaction_id::text as id
   from ledger_entries e join ledger_accounts a on a.id = e.account_id
   where a.user_id = $1 and a.kind = 'expert_available'
   order by e.created_at desc, e.transaction_id desc offset $2 limit 1`,
  [expert!.id, Math.floor(movements * 0.95)],
)) as [{ micros: string; id: string }];
const deepCursor = encodeCursor({ sort: 'billing', key: Number(deep.micros), id: deep.id });

if (process.env.BENCH_EXPLAIN) {
  const explain = (query: Parameters<typeof movementsStatement>[0]) =>
    handle.db.execute(sql`explain (analyze, buffers, costs off) ${movementsStatement(query)}`);
  for (const [name, filter, after] of [
    ['first page', {}, undefined],
    ['deep page', {}, { micros: Number(deep.micros), transactionId: deep.id }],
    ["one contract's page", { contractId: contractIds[7] }, undefined],
  ] as const) {
    const plan = (await explain({ userId: expert!.id, filter, after, limit: 51 })) as unknown as {
      rows: Record<string, string>[];
    };
    console.error(`--- plan of the ${name}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

const headers = { authorization: `Bearer ${expertToken}` };
const targets = {
  contractById: `/api/contracts/${contractIds[Math.floor(contractIds.length / 2)]}`,
  billingFirstPage: '/api/billing/movements',
  billingDeepPage: `/api/billing/movements?cursor=${deepCursor}`,
  billingByContract: `/api/billing/movements?contractId=${contractIds[7]}`,
};
type Target = keyof typeof targets;
const times: Record<Target, number[]> = {
  contractById: [],
  billingFirstPage: [],
  billingDeepPage: [],
  billingByContract: [],
};

async function timed(target: Target): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await app.inject({ method: 'GET', url: targets[target], headers });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body}`);
  return ms;
}

const names = Object.keys(targets) as Target[];
for (let n = 0; n < 20; n++) for (const name of names) await timed(name);
// Round robin, one request at a time, so each side meets the same machine.
for (let n = 0; n < REQUESTS; n++) for (const name of names) times[name].push(await timed(name));

const csvStarted = process.hrtime.bigint();
const csv = await app.inject({ method: 'GET', url: '/api/billing/movements.csv', headers });
const csvMs = Number(process.hrtime.bigint() - csvStarted) / 1e6;
const summaryStarted = process.hrtime.bigint();
await app.inject({ method: 'GET', url: '/api/billing/summary', headers });
const summaryMs = Number(process.hrtime.bigint() - summaryStarted) / 1e6;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const stats = (name: Target) => ({
  p50Ms: round2(percentile(times[name], 50)),
  p95Ms: round2(percentile(times[name], 95)),
});
const baseline = percentile(times.contractById, 95);
const figures = {
  bench: 'billing',
  driver: handle.driver,
  movements,
  requests: REQUESTS,
  contractById: stats('contractById'),
  billingFirstPage: {
    ...stats('billingFirstPage'),
    p95VsContract: round2(percentile(times.billingFirstPage, 95) / baseline),
  },
  billingDeepPage: {
    ...stats('billingDeepPage'),
    p95VsContract: round2(percentile(times.billingDeepPage, 95) / baseline),
  },
  billingByContract: {
    ...stats('billingByContract'),
    p95VsContract: round2(percentile(times.billingByContract, 95) / baseline),
  },
  goal: 'billing p95 <= 3x the contract lookup p95',
  csvAllMovements: { ms: round2(csvMs), bytes: csv.rawPayload.length },
  summaryMs: round2(summaryMs),
};
console.log(JSON.stringify(figures));
await close();
