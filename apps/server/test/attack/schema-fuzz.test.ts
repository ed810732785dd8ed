import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findSession } from '../../src/modules/accounts/sessions.ts';
import { startIdentityProvider } from '../support/identity-provider.ts';
import { createTestApp, testDriver, type TestApp } from '../support/test-app.ts';
import { logCapture } from '../support/log-capture.ts';
import { describeFindings, describeLogProblems, type Finding } from './findings.ts';
import { leaksIn, logLineProblems, type LeakRules } from './leaks.ts';
import { operationsOf, type Operation } from './operations.ts';
import { requestArbitrary, type AttackMaterial, type AttackRequest } from './request-arbitrary.ts';
import {
  buildWorld,
  collectCursors,
  hostileIdentityTokens,
  issueResetToken,
  secretsOf,
  type World,
} from './world.ts';
import { randomIp, type SignedInUser } from '../factories.ts';

/**
 * Schema-derived hostile requests against every operation of the OpenAPI document, each sent
 * anonymously, as a signed-in member who owns the objects named by the real ids mixed in, and
 * as an admin where the route is for admins. Pass: no 5xx, and nothing secret or internal in
 * any body or log line.
 *
 * Replay: ATTACK_SEED=<printed seed> (and ATTACK_ROUTE=<part of "METHOD /path"> for one route);
 * ATTACK_RUNS sets the cases per route.
 */
const SEED = Number(process.env.ATTACK_SEED ?? 1_207_2025);
const RUNS = Number(process.env.ATTACK_RUNS ?? 72);
const ONLY = process.env.ATTACK_ROUTE;
/**
 * Requests in flight at once: the app's JavaScript then runs while the database (PGlite's own
 * thread, or PostgreSQL) answers another request. Set it to 1 for an exact replay, where one
 * request's side effects (a cancelled project, a logout) never race another's.
 */
const CONCURRENCY = Number(process.env.ATTACK_CONCURRENCY ?? 4);

/** Each route gets its own seed from the run's seed, so adding a route changes no other's cases. */
const seedFor = (operation: Operation) =>
  createHash('sha256').update(`${SEED}:${operation.key}`).digest().readInt32LE(0);

interface Actor {
  name: 'anonymous' | 'member' | 'admin';
  person: SignedInUser | null;
}

const logs = logCapture();
const totals = { requests: 0, routes: 0, serverErrors: 0, findings: 0, startedAt: 0 };
// The routes come from the running app's OpenAPI document, so the app starts while tests are collected.
const provider = await startIdentityProvider();
const t: TestApp = await createTestApp({
  // Rate limits have their own tests; here they would stop most requests before the handlers.
  env: { LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '10000', ...provider.env },
  overrides: { logStream: logs },
});
const operations: Operation[] = operationsOf(t.app.swagger()).filter((op) => !ONLY || op.key.includes(ONLY));
let world: World;
let resetTokens: string[];
let material: AttackMaterial;

beforeAll(async () => {
  world = await buildWorld(t.app);
  material = {
    ids: world.ids,
    bearers: await hostileIdentityTokens(provider, world),
    cursors: await collectCursors(t.app, world, operations),
  };
  resetTokens = [await issueResetToken(t.app, world.member.id), await issueResetToken(t.app, world.admin.id)];
  // The outbox gets real reset links too, the way a forgotten password fills it.
  for (const person of [world.member, world.admin]) {
    await t.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      payload: { email: person.email },
      remoteAddress: randomIp(),
    });
  }
  logs.take();
  totals.startedAt = performance.now();
  console.info(
    `attack seed ${SEED} (replay with ATTACK_SEED=${SEED}), ${RUNS} cases per route, ` +
      `${CONCURRENCY} in flight, ${testDriver}`,
  );
}, 120_000);

afterAll(async () => {
  const seconds = ((performance.now() - totals.startedAt) / 1000).toFixed(1);
  console.info(
    `attack on ${testDriver}: ${totals.requests} requests, ${totals.routes} routes, ` +
      `${totals.serverErrors} 5xx, ${totals.findings} findings, ${seconds} s (seed ${SEED})`,
  );
  await t.close();
  await provider.close();
});

/** Logout and session routes may end the actors' sessions: give them a live one again. */
async function keepSignedIn(person: SignedInUser): Promise<void> {
  if (await findSession(t.app.database, person.token)) return;
  const { token } = await createSession(t.app.db, { userId: person.id, ttlMs: 86_400_000 });
  person.token = token;
  person.headers = { authorization: `Bearer ${token}` };
}

/** Runs `work` on every item, `size` at a time, in order of the items. */
async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, size) }, worker));
}

async function send(request: AttackRequest, actor: Actor) {
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...actor.person?.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    remoteAddress: randomIp(),
  });
}

describe('every route, hostile input, three kinds of caller', () => {
  it('the OpenAPI document lists the routes to attack', () => {
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 60);
  });

  it.each(operations)('$key', async (operation) => {
    totals.routes += 1;
    const actors: Actor[] = [
      { name: 'anonymous', person: null },
      { name: 'member', person: world.member },
      ...(operation.adminOnly ? [{ name: 'admin' as const, person: world.admin }] : []),
    ];
    const rules: LeakRules = {
      secrets: await secretsOf(t.app, world, resetTokens),
      places: [t.config.dataDir],
    };
    const cases = fc.sample(requestArbitrary(operation, material), {
      seed: seedFor(operation),
      numRuns: RUNS,
    });
    const findings: Finding[] = [];
    const attempts = cases.flatMap((request, index) => actors.map((actor) => ({ request, index, actor })));
    const attack = async ({ request, index, actor }: (typeof attempts)[number]) => {
      const response = await send(request, actor);
      totals.requests += 1;
      // Logout and the session routes may have ended the actor's session: give it a live one.
      if (response.statusCode === 401 && actor.person) {
        await keepSignedIn(actor.person);
        rules.secrets.push({ kind: 'session token', value: actor.person.token });
      }
      const problems = leaksIn(response.body, rules);
      if (response.statusCode >= 500) {
        totals.serverErrors += 1;
        problems.unshift('5xx');
      }
      if (problems.length)
        findings.push({
          route: operation.key,
          actor: actor.name,
          case: index,
          status: response.statusCode,
          variant: request.variant,
          url: request.url,
          problems,
          body: response.body,
        });
    };
    await inPool(attempts, CONCURRENCY, attack);
    const logProblems = logs
      .take()
      .map((line) => ({
        line,
        problems: logLineProblems(line, { ...rules, personal: [world.member.email] }),
      }))
      .filter((entry) => entry.problems.length > 0);
    totals.findings += findings.length + logProblems.length;
    const summary = [
      findings.length ? `bad answers:\n${describeFindings(findings)}` : '',
      logProblems.length ? `bad log lines:\n${describeLogProblems(logProblems)}` : '',
    ].join('\n');
    expect(findings.length + logProblems.length, `${operation.key} (seed ${SEED})\n${summary}`).toBe(0);
  });
});
