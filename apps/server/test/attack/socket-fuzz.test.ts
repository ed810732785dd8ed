import { createHash } from 'node:crypto';
import {
  markReadPayloadSchema,
  sendMessagePayloadSchema,
  typingPayloadSchema,
  type Conversation,
} from '@sciwise/contracts';
import fc from 'fast-check';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logCapture } from '../support/log-capture.ts';
import { createTestApp, testDriver } from '../support/test-app.ts';
import { connect, listen, type ChatSocket } from '../messaging/helpers.ts';
import { hostileStrings, RawJson } from './hostile-values.ts';
import {
  hostileValue,
  smallJson,
  validValue,
  validWithNul,
  type JsonSchema,
} from './json-schema-arbitraries.ts';
import { leaksIn, logLineProblems, type LeakRules } from './leaks.ts';
import { call } from '../support/requests.ts';
import { quickExpert, quickMember } from '../factories.ts';

/**
 * The socket protocol under the same attack as the routes: hostile payloads for every chat
 * event, derived from the contract's zod schemas, and hostile credentials at the handshake.
 * A refusal is fine; an `internal` error (the socket's 500), a leak in an acknowledgement or a
 * bad log line is not. Same seed as the HTTP attack (ATTACK_SEED).
 */
const SEED = Number(process.env.ATTACK_SEED ?? 1_207_2025);
const RUNS = Number(process.env.ATTACK_SOCKET_RUNS ?? 120);
/** Below the per-socket event budget (60 in 10 s), so no event is refused for its rate alone. */
const EVENTS_PER_SOCKET = 50;

const events = {
  sendMessage: sendMessagePayloadSchema,
  typing: typingPayloadSchema,
  markRead: markReadPayloadSchema,
};

const logs = logCapture();
const t = await createTestApp({
  env: { LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '10000' },
  overrides: { logStream: logs },
});
const url = await listen(t.app);
let member: Awaited<ReturnType<typeof quickMember>>;
let rules: LeakRules;
let ids: fc.Arbitrary<string>;

beforeAll(async () => {
  member = await quickMember(t.app);
  const expert = await quickExpert(t.app);
  const opened = await call(t.app, 'POST', '/api/conversations', member, { userId: expert.id });
  ids = fc.constantFrom(member.id, expert.id, opened.json<Conversation>().id);
  rules = { secrets: [{ kind: 'session token', value: member.token }], places: [t.config.dataDir] };
  logs.take();
});
afterAll(() => t.close());

/** Socket.IO sends JSON: numbers JSON cannot write arrive as what JSON.stringify makes of them. */
const sendable = (value: unknown): unknown =>
  value instanceof RawJson
    ? Number(value.text)
    : JSON.parse(
        JSON.stringify(value ?? null, (_k, v: unknown) => (v instanceof RawJson ? Number(v.text) : v)),
      );

function payloads(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' }) as JsonSchema;
  return fc.oneof(
    { weight: 2, arbitrary: validValue(json, ids) },
    { weight: 6, arbitrary: hostileValue(json, ids) },
    { weight: 2, arbitrary: validWithNul(json, ids) },
    { weight: 1, arbitrary: smallJson },
  );
}

const seedFor = (event: string) =>
  createHash('sha256').update(`${SEED}:socket ${event}`).digest().readInt32LE(0);

describe('every chat event, hostile payloads', () => {
  it.each(Object.keys(events) as Array<keyof typeof events>)('%s', async (event) => {
    const cases = fc.sample(payloads(events[event]), { seed: seedFor(event), numRuns: RUNS });
    const problems: string[] = [];
    let socket: ChatSocket | undefined;
    for (const [index, payload] of cases.entries()) {
      if (index % EVENTS_PER_SOCKET === 0) {
        socket?.disconnect();
        socket = await connect(url, member.token);
      }
      const untyped = socket as unknown as {
        timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<unknown> };
      };
      const ack = (await untyped.timeout(10_000).emitWithAck(event, sendable(payload))) as {
        ok: boolean;
        error?: { code: string };
      };
      const found = leaksIn(JSON.stringify(ack), rules);
      if (ack.error?.code === 'internal') found.unshift('internal error');
      if (found.length)
        problems.push(
          `case ${index}: ${found.join(', ')} for ${JSON.stringify(sendable(payload)).slice(0, 200)}`,
        );
    }
    socket?.disconnect();
    const badLines = logs
      .take()
      .flatMap((line) => logLineProblems(line, rules).map((p) => `${p}: ${line.raw.slice(0, 300)}`));
    expect([...problems, ...badLines], `seed ${SEED}, ${testDriver}`).toEqual([]);
  });

  it('refuses hostile credentials at the handshake as "please sign in", never as a failure', async () => {
    const credentials: unknown[] = [
      ...hostileStrings,
      42,
      null,
      {},
      ['a'],
      { token: 'x' },
      'Bearer ',
      't'.repeat(199),
    ];
    const answers = new Set<string>();
    for (const token of credentials) {
      const socket = connectSocket(url, {
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
        forceNew: true,
      });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
          resolve(error.data?.code ?? error.message),
        );
      });
      socket.disconnect();
      answers.add(outcome);
    }
    expect([...answers]).toEqual(['unauthenticated']);
    expect(logs.take().filter((line) => logLineProblems(line, rules).length > 0)).toEqual([]);
  });
});
