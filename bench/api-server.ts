// Child process of bench/api.ts: the real app and a bare Fastify baseline, on one database handle.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { verifyPassword } from '../apps/server/src/lib/passwords.ts';
import { hashToken, newToken } from '../apps/server/src/lib/tokens.ts';
import { SESSION_LOOKUP_SQL } from '../apps/server/src/modules/accounts/sessions.ts';
import { benchConfig } from './bench-config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-bench-'));
const config = benchConfig(dataDir, { PORT: '0', RATE_LIMIT_SCALE: '10000' });
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await applyMigrations(database);

const app = await buildApp(config, { database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });

/*
 * The baseline: no plugins, no schemas, no hooks; the very SQL text the app's session lookup sends
 * (the one query GET /api/me makes), through the same handle: on PGlite the same database thread,
 * on PostgreSQL the same pool. It answers the row as the driver gives it.
 */
const bare = Fastify({ logger: false });
bare.get('/bare/me', async (request, reply) => {
  const token = (request.headers.authorization ?? '').slice(7);
  // $1 the token's hash, $2 the limit (1), as the app binds them.
  // Named, as the app's find_session is: on PostgreSQL both are parsed once.
  const rows = await database.rawQuery(SESSION_LOOKUP_SQL, [hashToken(token), 1], {
    name: 'bare_find_session',
  });
  if (rows.length === 0) return reply.status(401).send({ message: 'no' });
  return rows[0];
});
/*
 * The least any password sign-in must do, for bench/api.ts's logins: read the account's hash by
 * e-mail, verify it (through the app's limit of hashes at a time, as the app's sign-in does), and
 * store a session under the token's hash. No rate limits, known devices, schemas or cookies.
 */
const BARE_USER_SQL =
  'select id, password_hash from users where lower(email) = $1 and deleted_at is null limit 1';
const BARE_SESSION_SQL =
  "insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '30 days')";
bare.post('/bare/login', async (request, reply) => {
  const { email, password } = request.body as { email: string; password: string };
  const [user] = (await database.rawQuery(BARE_USER_SQL, [email.toLowerCase()], {
    name: 'bare_user_by_email',
  })) as { id: string; password_hash: string | null }[];
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, password)))
    return reply.status(401).send({ message: 'no' });
  const token = newToken();
  await database.rawQuery(BARE_SESSION_SQL, [user.id, hashToken(token)], { name: 'bare_insert_session' });
  return { token };
});
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (server: typeof bare) => (server.server.address() as { port: number }).port;
process.send?.({
  appPort: port(app as unknown as typeof bare),
  barePort: port(bare),
  driver: database.driver,
});
async function stop() {
  await bare.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
