import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * The demo accounts of the embedded setup. Their passwords are public (README) and for local
 * use only: production never seeds them (SEED_DEMO defaults to false with DATABASE_URL).
 */
export const demoAccounts = [
  {
    email: 'client@demo.sciwise.local',
    password: 'demo-client-lab-2026',
    firstName: 'Clara',
    lastName: 'Nguyen',
    role: 'member' as const,
    phoneNumber: '+15550100101',
  },
  {
    email: 'expert@demo.sciwise.local',
    password: 'demo-expert-lab-2026',
    firstName: 'Elias',
    lastName: 'Okafor',
    role: 'member' as const,
    phoneNumber: '+445550100102',
  },
  {
    email: 'admin@demo.sciwise.local',
    password: 'demo-admin-lab-2026',
    firstName: 'Ada',
    lastName: 'Fischer',
    role: 'admin' as const,
    phoneNumber: '+495550100103',
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
