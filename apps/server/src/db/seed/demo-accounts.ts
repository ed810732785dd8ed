import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';

/**
 * The demo accounts of the embedded setup. Their passwords are public (README) and for local
 * use only: they are never created in production or on a server others can reach (config.ts),
 * and such a server refuses to start while one of them keeps its public password.
 */
export const demoAccounts = [
  {
    email: 'client@demo.sciwise.local',
    password: 'demo-client-lab-2026',
    firstName: 'Clara',
    lastName: 'Nguyen',
    role: 'member' as const,
    phoneNumber: '+12015550101',
  },
  {
    email: 'expert@demo.sciwise.local',
    password: 'demo-expert-lab-2026',
    firstName: 'Elias',
    lastName: 'Okafor',
    role: 'member' as const,
    phoneNumber: '+447400100102',
  },
  {
    email: 'admin@demo.sciwise.local',
    password: 'demo-admin-lab-2026',
    firstName: 'Ada',
    lastName: 'Fischer',
    role: 'admin' as const,
    phoneNumber: '+4930100103',
  },
];

/** Creates the demo accounts that don't exist yet; returns how many it created. */
export async function seedDemoAccounts(db: Database): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) {
    const inserted = await db
      .insert(users)
      .values({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber,
        role: account.role,
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created += inserted.length;
  }
  return created;
}

/** E-mails of the demo accounts that still sign in with a public demo password. */
export async function accountsWithDemoPasswords(db: Database): Promise<string[]> {
  const emails = demoAccounts.map((account) => account.email);
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), isNull(users.deletedAt)));
  const found: string[] = [];
  for (const row of rows) {
    for (const { password } of demoAccounts) {
      if (row.passwordHash && (await verifyPassword(row.passwordHash, password))) {
        found.push(row.email);
        break;
      }
    }
  }
  return found.sort();
}

/**
 * The one line start-up stops with when a server others can reach still has a demo account with
 * its public password (say a database seeded in development, then started in production); null
 * when it may start.
 */
export async function demoPasswordProblem(config: Config, db: Database): Promise<string | null> {
  if (!config.reachableByOthers) return null;
  const exposed = await accountsWithDemoPasswords(db);
  if (exposed.length === 0) return null;
  const where = config.env === 'production' ? 'in production' : `on HOST=${config.host}`;
  return (
    `Refusing to start ${where}: the demo account${exposed.length === 1 ? '' : 's'} ${exposed.join(', ')} ` +
    `still sign${exposed.length === 1 ? 's' : ''} in with the public password from the README. ` +
    'Change or delete them on a local start (not production, HOST=localhost), or use a fresh database.'
  );
}
