import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { applyMigrations } from '../migrate.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

// npm run db:seed [-- --experts N]: demo accounts now; bulk experts arrive with the experts module.
const { values } = parseArgs({ options: { experts: { type: 'string' } }, strict: true });
const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await applyMigrations(handle);
const created = await seedDemoAccounts(handle.db);
console.log(`Demo accounts: ${created} created.`);
if (values.experts) console.log('Bulk experts are not part of this build yet.');
await handle.close();
