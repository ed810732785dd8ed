import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { applyMigrations } from './migrate.ts';

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await applyMigrations(handle);
await handle.close();
console.log(`Migrations applied (${handle.driver}).`);
