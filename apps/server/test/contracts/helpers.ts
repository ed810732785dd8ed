import { randomBytes, randomUUID } from 'node:crypto';
import type { CardToken, Contract, QuoteRequest } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.ts';
import { approvedExpert, call, openProject, quoteInput, type Who } from '../projects/helpers.ts';
import { signedInUser, type SignedInUser } from '../support/factories.ts';

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  processingError: '4000 0000 0000 0119',
};

/** Two milestones, each with acceptance criteria. */
export const criteriaQuote = (overrides: Partial<QuoteRequest> = {}): QuoteRequest =>
  quoteInput({
    priceMinor: 150_000,
    milestones: [
      {
        title: 'Statistical analysis plan',
        amountMinor: 100_000,
        criteria: ['Covers every endpoint in the protocol', 'Names the software and its version'],
      },
      { title: 'Final report', amountMinor: 50_000, criteria: [] },
    ],
    ...overrides,
  });

export interface Hired {
  client: SignedInUser;
  expert: SignedInUser;
  contract: Contract;
}

/** A client who posted a project and hired an approved expert on a quote: a fresh contract. */
export async function hiredContract(
  app: FastifyInstance,
  quote: QuoteRequest = criteriaQuote(),
): Promise<Hired> {
  const client = await signedInUser(app, {
    firstName: 'Carla',
    lastName: `Client${randomBytes(2).toString('hex')}`,
  });
  const expert = await approvedExpert(app);
  const project = await openProject(app, client);
  const sent = await call(app, 'POST', `/api/projects/${project.id}/quotes`, expert, quote);
  if (sent.statusCode !== 201) throw new Error(`quote failed: ${sent.statusCode} ${sent.body}`);
  const accepted = await call(
    app,
    'POST',
    `/api/quotes/${sent.json<{ id: string }>().id}/accept`,
    client,
    {},
  );
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  const contract = await getContract(app, client, accepted.json<{ contractId: string }>().contractId);
  return { client, expert, contract };
}

export async function getContract(app: FastifyInstance, who: Who, id: string): Promise<Contract> {
  const response = await call(app, 'GET', `/api/contracts/${id}`, who);
  if (response.statusCode !== 200) throw new Error(`contract: ${response.statusCode} ${response.body}`);
  return response.json<Contract>();
}

export async function cardToken(
  app: FastifyInstance,
  who: SignedInUser,
  number = CARDS.visa,
): Promise<string> {
  const response = await call(app, 'POST', '/api/payments/sandbox/tokens', who, {
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<CardToken>().token;
}

/** A money-moving POST with its Idempotency-Key (a fresh one unless given). */
export function moneyCall(
  app: FastifyInstance,
  url: string,
  who: Who,
  payload: object,
  key: string | null = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...who?.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

export async function fund(
  app: FastifyInstance,
  client: SignedInUser,
  milestoneId: string,
  number = CARDS.visa,
) {
  return moneyCall(app, `/api/milestones/${milestoneId}/fund`, client, {
    paymentToken: await cardToken(app, client, number),
  });
}

/** A multipart submission: a note and files, as the browser sends them. */
export function submission(note: string, files: Array<{ name: string; data: Buffer }>) {
  const boundary = `----sciwise${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n`),
  ];
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function submitWork(
  app: FastifyInstance,
  expert: Who,
  milestoneId: string,
  note = 'The analysis plan, with the endpoints and the software named.',
  files = [
    { name: 'plan.txt', data: Buffer.from('Statistical analysis plan\nEndpoints: all\nSoftware: R 4.4\n') },
  ],
) {
  const body = submission(note, files);
  return app.inject({
    method: 'POST',
    url: `/api/milestones/${milestoneId}/submissions`,
    headers: { ...expert?.headers, ...body.headers },
    payload: body.payload,
  });
}

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What must always hold, read from the database: every ledger transaction sums to zero per
 * currency; no escrow or expert balance is negative; each milestone's escrow balance equals what
 * was funded minus what was released or refunded, and is non-zero exactly in the held states.
 */
export async function ledgerProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  for (const row of await rows<{ transaction_id: string; total: string }>(
    db,
    sql`select transaction_id, sum(amount_minor)::text as total from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`,
  ))
    problems.push(`transaction ${row.transaction_id} sums to ${row.total}`);
  for (const row of await rows<{ kind: string; id: string; balance: string }>(
    db,
    sql`select a.kind, a.id, sum(e.amount_minor)::text as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind in ('escrow', 'expert_available') group by a.kind, a.id having sum(e.amount_minor) < 0`,
  ))
    problems.push(`${row.kind} account ${row.id} is negative: ${row.balance}`);
  for (const row of await rows<{ id: string; status: string; balance: string; expected: string }>(
    db,
    sql`select m.id, m.status::text,
          coalesce((select sum(e.amount_minor) from ledger_accounts a join ledger_entries e on e.account_id = a.id
                    where a.kind = 'escrow' and a.milestone_id = m.id), 0)::text as balance,
          (coalesce(h.amount_minor, 0) - coalesce(s.to_expert_minor + s.to_client_minor, 0))::text as expected
        from contract_milestones m
        left join escrow_holds h on h.milestone_id = m.id
        left join escrow_settlements s on s.milestone_id = m.id`,
  )) {
    if (row.balance !== row.expected)
      problems.push(`milestone ${row.id} holds ${row.balance}, expected ${row.expected}`);
    const held = ['funded', 'submitted', 'revision_requested', 'disputed'].includes(row.status);
    if (held !== (row.balance !== '0'))
      problems.push(`milestone ${row.id} is ${row.status} but holds ${row.balance}`);
  }
  return problems;
}

/** Σ of one person's (or the platform's) account of a kind. */
export async function balanceOf(db: Executor, kind: string, userId: string | null): Promise<number> {
  const [row] = await rows<{ balance: string }>(
    db,
    sql`select coalesce(sum(e.amount_minor), 0)::text as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind = ${kind}::ledger_account_kind and ${userId === null ? sql`a.user_id is null` : sql`a.user_id = ${userId}`}`,
  );
  return Number(row!.balance);
}

/** Per ledger transaction of a milestone, in order: its kind and each account kind's total. */
export async function movementsOf(db: Executor, milestoneId: string) {
  const found = await rows<{ id: string; kind: string; account: string; total: string }>(
    db,
    sql`select t.id, t.kind::text, a.kind::text as account, sum(e.amount_minor)::text as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.milestone_id = ${milestoneId}
        group by t.id, t.kind, a.kind, t.created_at order by t.created_at, a.kind`,
  );
  const byTransaction = new Map<string, { kind: string; accounts: Record<string, number> }>();
  for (const row of found) {
    const entry = byTransaction.get(row.id) ?? { kind: row.kind, accounts: {} };
    entry.accounts[row.account] = Number(row.total);
    byTransaction.set(row.id, entry);
  }
  return [...byTransaction.values()];
}
