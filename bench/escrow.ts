// npm run bench:escrow: fund + release through the real app (inject, bearer tokens, Idempotency-Key,
//   the sandbox processor), against a bare transaction doing the same inserts and updates on the
//   same database in the same run. A fresh embedded PGlite in a temp folder, or PostgreSQL when
//   DATABASE_URL is set. Several operations are in flight at once (BENCH_CONCURRENCY). Last line:
//   one JSON object with the figures.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { openBenchApp } from './bench-app.ts';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const AMOUNT = 100_000;

const { handle, app, raw, close } = await openBenchApp('escrow');

// One client, one expert; each operation gets a contract of its own (one milestone), as real
// contracts are independent of each other.
const tag = randomUUID().slice(0, 8);
const [client, expert] = (await raw(
  `insert into users (email, first_name, last_name) values ($1, 'Bench', 'Client'), ($2, 'Bench', 'Expert') returning id`,
  [`bench-client-${tag}@example.test`, `bench-expert-${tag}@example.test`],
)) as { id: string }[];
const ttlMs = 3_600_000;
const clientToken = (await createSession(handle.db, { userId: client!.id, ttlMs })).token;
const expertToken = (await createSession(handle.db, { userId: expert!.id, ttlMs })).token;

async function contracts(count: number): Promise<string[]> {
  const rows = await raw(
    `with p as (
       insert into projects (owner_id, title, description, status, currency)
       select $1, 'Bench project ' || i, 'A project for the escrow bench.', 'in_progress', 'USD' from generate_series(1, $3::int) i
       returning id),
     q as (
       insert into quotes (project_id, expert_id, cover_letter, price_minor, currency, duration_days, milestones, status)
       select id, $2, 'Bench quote.', ${AMOUNT}, 'USD', 10, '[{"title":"Work","amountMinor":${AMOUNT},"criteria":[]}]', 'accepted' from p
       returning id, project_id),
     c as (
       insert into contracts (project_id, quote_id, client_id, expert_id, title, price_minor, currency, client_fee_bps, expert_fee_bps, auto_release_days)
       select project_id, id, $1, $2, 'Bench contract', ${AMOUNT}, 'USD', 500, 1000, 14 from q
       returning id)
     insert into contract_milestones (contract_id, position, title, amount_minor, currency)
     select id, 1, 'Work', ${AMOUNT}, 'USD' from c returning id`,
    [client!.id, expert!.id, count],
  );
  return rows.map((row) => row.id as string);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const token = await app.inject({
  method: 'POST',
  url: '/api/payments/sandbox/tokens',
  headers: bearer(clientToken),
  payload: {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  },
});
const paymentToken = token.json<{ token: string }>().token;
const boundary = 'benchboundary';
const submission = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nDelivered.\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="work.txt"\r\n\r\nThe work.\n\r\n--${boundary}--\r\n`,
);

async function expectOk(promise: Promise<{ statusCode: number; body: string }>, what: string): Promise<void> {
  const response = await promise;
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}
const fund = (id: string) =>
  expectOk(
    app.inject({
      method: 'POST',
      url: `/api/milestones/${id}/fund`,
      headers: { ...bearer(clientToken), 'idempotency-key': randomUUID() },
      payload: { paymentToken },
    }),
    'fund',
  );
const submit = (id: string) =>
  expectOk(
    app.inject({
      method: 'POST',
      url: `/api/milestones/${id}/submissions`,
      headers: { ...bearer(expertToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: submission,
    }),
    'submit',
  );
const approve = (id: string) =>
  expectOk(
    app.inject({
      method: 'POST',
      url: `/api/milestones/${id}/approve`,
      headers: { ...bearer(clientToken), 'idempotency-key': randomUUID() },
      payload: { metCriteria: [] },
    }),
    'approve',
  );

/** Runs `work` over ids with CONCURRENCY in flight; returns each call's milliseconds and the wall time. */
async function timedPool(ids: string[], work: (id: string) => Promise<unknown>) {
  const times: number[] = [];
  const queue = [...ids];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const t0 = process.hrtime.bigint();
        await work(id);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  return { times, wallMs: Number(process.hrtime.bigint() - started) / 1e6 };
}

// The bare side: ids of the ledger accounts the app opened (it opens them on first use), and per
// operation one transaction with the same statements the app's fund and release write.
async function bareFund(milestoneId: string, accounts: Record<string, string>) {
  await bareIdempotencyKey(async () => {
    // The attempt is committed before the processor is called, and the processor keeps its charge
    // on its side (DESIGN §4): two commits before the one that moves the money.
    const attempt = randomUUID();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into payment_attempts (id, purpose, milestone_id, user_id, amount_minor, fee_minor, currency, provider, payment_token, card_brand, card_last4)
      values (${attempt}, 'fund', ${milestoneId}, ${client!.id}, ${AMOUNT}, 5000, 'USD', 'sandbox', ${paymentToken}, 'Visa', '4242')`);
    });
    await raw(
      `insert into sandbox_charges (id, idempotency_key, token, amount_minor, currency, status) values ($1, $2, $3, 105000, 'USD', 'succeeded')`,
      [`ch_${attempt}`, attempt, paymentToken],
    );
    await handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`update payment_attempts set state = 'succeeded', provider_charge_id = ${`ch_${attempt}`}, completed_at = now() where id = ${attempt}`,
      );
      const ledger =
        (await tx.execute(sql`insert into ledger_transactions (kind, contract_id, milestone_id, created_by, memo)
      select 'fund', contract_id, id, ${client!.id}, 'Fund' from contract_milestones where id = ${milestoneId} returning id`)) as unknown as {
          rows: { id: string }[];
        };
      const ledgerId = ledger.rows[0]!.id;
      const escrow = randomUUID();
      await tx.execute(
        sql`insert into ledger_accounts (id, kind, milestone_id, currency) values (${escrow}, 'escrow', ${milestoneId}, 'USD')`,
      );
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, currency, amount_minor) values
      (${ledgerId}, ${accounts.funding}, 'USD', -105000), (${ledgerId}, ${escrow}, 'USD', 100000), (${ledgerId}, ${accounts.fees}, 'USD', 5000)`);
      await tx.execute(
        sql`insert into escrow_holds (milestone_id, funding_transaction_id, amount_minor, fee_minor, currency) values (${milestoneId}, ${ledgerId}, ${AMOUNT}, 5000, 'USD')`,
      );
      await bareDocument(tx, 'fee_invoice', 'invoice', client!.id, milestoneId, ledgerId);
      await bareDocument(tx, 'funding_receipt', 'receipt', client!.id, milestoneId, ledgerId);
      await tx.execute(
        sql`update contract_milestones set status = 'funded', funded_at = now(), updated_at = now() where id = ${milestoneId}`,
      );
      await bareNotices(tx, milestoneId, 'milestone_funded');
    });
  });
}

async function bareRelease(milestoneId: string, accounts: Record<string, string>) {
  await bareIdempotencyKey(async () =>
    handle.db.transaction(async (tx) => {
      const result =
        (await tx.execute(sql`insert into ledger_transactions (kind, contract_id, milestone_id, created_by, memo)
      select 'release', contract_id, id, ${client!.id}, 'Release' from contract_milestones where id = ${milestoneId} returning id`)) as unknown as {
          rows: { id: string }[];
        };
      const ledgerId = result.rows[0]!.id;
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, currency, amount_minor)
      select ${ledgerId}, id, 'USD', -100000 from ledger_accounts where kind = 'escrow' and milestone_id = ${milestoneId}
      union all values (${ledgerId}::uuid, ${accounts.available}::uuid, 'USD'::rate_currency, 90000::bigint), (${ledgerId}::uuid, ${accounts.fees}::uuid, 'USD'::rate_currency, 10000::bigint)`);
      await tx.execute(
        sql`insert into escrow_settlements (milestone_id, transaction_id, outcome, to_expert_minor, to_client_minor) values (${milestoneId}, ${ledgerId}, 'posted', ${AMOUNT}, 0)`,
      );
      await bareDocument(tx, 'fee_invoice', 'invoice', expert!.id, milestoneId, ledgerId);
      await tx.execute(
        sql`update contract_milestones set status = 'released', settled_at = now(), auto_release_at = null, updated_at = now() where id = ${milestoneId}`,
      );
      await bareNotices(tx, milestoneId, 'milestone_released');
    }),
  );
}

/** The app keeps each money request's answer under its Idempotency-Key: one insert, one update. */
async function bareIdempotencyKey(work: () => Promise<unknown>) {
  const key = randomUUID();
  await raw(`insert into idempotency_keys (user_id, key, request_hash) values ($1, $2, 'bare')`, [
    client!.id,
    key,
  ]);
  await work();
  await raw(
    `update idempotency_keys set status_code = 200, response_body = '{}', completed_at = now() where user_id = $1 and key = $2`,
    [client!.id, key],
  );
}

/**
 * A document the money movement issues (decision 011: a fund issues the fee invoice and the
 * receipt, a release the expert's fee invoice): the next number of its series, then the row.
 */
async function bareDocument(
  tx: Parameters<Parameters<typeof handle.db.transaction>[0]>[0],
  kind: string,
  series: string,
  recipientId: string,
  milestoneId: string,
  ledgerId: string,
) {
  const year = new Date().getUTCFullYear();
  const counter =
    (await tx.execute(sql`insert into document_counters (series, year, last_number) values (${series}::document_series, ${year}, 1)
    on conflict (series, year) do update set last_number = document_counters.last_number + 1 returning last_number`)) as unknown as {
      rows: { last_number: number }[];
    };
  const sequence = counter.rows[0]!.last_number;
  const number = `${series}-${year}-${String(sequence).padStart(6, '0')}`;
  await tx.execute(sql`insert into issued_documents (kind, series, year, sequence, number, recipient_id, contract_id, milestone_id, ledger_transaction_id, currency, total_minor, facts, issued_at)
    select ${kind}::document_kind, ${series}::document_series, ${year}, ${sequence}, ${number}, ${recipientId}, contract_id, id, ${ledgerId}, 'USD', 5000, ${JSON.stringify({ ...documentFacts, number })}::jsonb, now()
    from contract_milestones where id = ${milestoneId}`);
}

/** The activity line, the two notifications and the two e-mail jobs every money event writes. */
async function bareNotices(
  tx: Parameters<Parameters<typeof handle.db.transaction>[0]>[0],
  milestoneId: string,
  kind: string,
) {
  await tx.execute(sql`insert into contract_activity (contract_id, milestone_id, actor_id, kind, text)
    select contract_id, id, ${client!.id}, ${kind}, 'Something happened.' from contract_milestones where id = ${milestoneId}`);
  await tx.execute(sql`insert into notifications (user_id, kind, title, body, link) values
    (${client!.id}, ${kind}, 'Title', 'Body', '/profile/workspace'), (${expert!.id}, ${kind}, 'Title', 'Body', '/profile/workspace')`);
  await tx.execute(sql`insert into jobs (kind, payload, run_at) values
    ('email', '{"to":"a@example.test"}', now()), ('email', '{"to":"b@example.test"}', now())`);
}

/** What a document prints, about the size of the app's (issuer, recipient, references, lines, notes). */
const documentFacts = {
  version: 1,
  title: 'Invoice',
  issuedAt: new Date().toISOString(),
  currency: 'USD',
  summary: 'Marketplace fee on “Work”',
  issuer: { name: 'Sciwise', lines: ['Marketplace for scientists & industry experts'] },
  recipientLabel: 'Bill to',
  recipient: { name: 'Bench Client', lines: ['bench-client@example.test'] },
  references: [
    { label: 'Contract', value: 'Bench contract' },
    { label: 'Milestone', value: 'Work' },
    { label: 'Expert', value: 'Bench Expert' },
  ],
  lines: [
    { description: 'Marketplace fee, 5% of $1,000.00 (Milestone “Work”, held in escrow)', amountMinor: 5000 },
  ],
  total: { label: 'Total', amountMinor: 5000 },
  notes: ['Paid in full by card (Visa ending 4242) on 23 November 2026. Nothing is due.'],
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

// Warm both sides (plans, JIT, the accounts the app opens), then alternate app and bare rounds so
// that neither side has the machine to itself.
const warm = await contracts(20);
for (const id of warm) {
  await fund(id);
  await submit(id);
  await approve(id);
}
const accountRows = await raw(
  `select kind::text, id from ledger_accounts where kind in ('client_funding', 'platform_fees', 'expert_available')`,
);
const accounts = {
  funding: accountRows.find((r) => r.kind === 'client_funding')!.id as string,
  fees: accountRows.find((r) => r.kind === 'platform_fees')!.id as string,
  available: accountRows.find((r) => r.kind === 'expert_available')!.id as string,
};

const appTimes: number[] = [];
const bareTimes: number[] = [];
let appWallMs = 0;
let bareWallMs = 0;
const ROUND = 100;
for (let done = 0; done < OPERATIONS; done += ROUND) {
  const size = Math.min(ROUND, OPERATIONS - done);
  const appIds = await contracts(size);
  const bareIds = await contracts(size);
  const funded = await timedPool(appIds, fund);
  await Promise.all(appIds.map(submit));
  const released = await timedPool(appIds, approve);
  appTimes.push(...funded.times.map((ms, i) => ms + (released.times[i] ?? 0)));
  appWallMs += funded.wallMs + released.wallMs;
  const bareFunded = await timedPool(bareIds, (id) => bareFund(id, accounts));
  const bareReleased = await timedPool(bareIds, (id) => bareRelease(id, accounts));
  bareTimes.push(...bareFunded.times.map((ms, i) => ms + (bareReleased.times[i] ?? 0)));
  bareWallMs += bareFunded.wallMs + bareReleased.wallMs;
  console.error(`${done + size} / ${OPERATIONS} fund + release pairs`);
}

const problems = await raw(
  `select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`,
);
if (problems.length > 0) throw new Error(`ledger does not balance: ${problems.length} transactions`);

const appPerSecond = (OPERATIONS * 1000) / appWallMs;
const barePerSecond = (OPERATIONS * 1000) / bareWallMs;
const figures = {
  bench: 'escrow',
  driver: handle.driver,
  operations: OPERATIONS,
  concurrency: CONCURRENCY,
  app: {
    pairsPerSecond: round2(appPerSecond),
    p50Ms: round2(percentile(appTimes, 50)),
    p99Ms: round2(percentile(appTimes, 99)),
  },
  bare: {
    pairsPerSecond: round2(barePerSecond),
    p50Ms: round2(percentile(bareTimes, 50)),
    p99Ms: round2(percentile(bareTimes, 99)),
  },
  throughputVsBare: round2(appPerSecond / barePerSecond),
};
console.log(JSON.stringify(figures));
await close();
