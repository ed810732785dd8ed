import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { applyMigrations } from '../migrate.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoExpertProfile, seedExperts } from './experts.ts';
import { progressBar } from './progress.ts';
import { seedProjects } from './projects.ts';

// npm run db:seed [-- --experts N] [--projects M]: demo accounts, N generated approved experts and
// M generated projects (idempotent).
const { values } = parseArgs({
  options: { experts: { type: 'string' }, projects: { type: 'string' } },
  strict: true,
});
const expertCount = values.experts === undefined ? 0 : Number(values.experts);
if (!Number.isSafeInteger(expertCount) || expertCount < 0 || expertCount > 1_000_000) {
  console.error('--experts must be a whole number from 0 to 1,000,000.');
  process.exit(1);
}
const projectCount = values.projects === undefined ? 0 : Number(values.projects);
if (!Number.isSafeInteger(projectCount) || projectCount < 0 || projectCount > 1_000_000) {
  console.error('--projects must be a whole number from 0 to 1,000,000.');
  process.exit(1);
}
const config = loadConfig();
if (config.reachableByOthers) {
  console.error(
    'npm run db:seed creates the demo accounts, whose passwords are public: run it only outside production, with HOST on loopback.',
  );
  process.exit(1);
}
const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await applyMigrations(handle);
const created = await seedDemoAccounts(handle.db);
console.log(`Demo accounts: ${created} created.`);
await seedDemoExpertProfile(handle.db, demoAccounts[1]!.email);
if (expertCount > 0) {
  const started = Date.now();
  const made = await seedExperts(handle.db, expertCount, progressBar('experts'));
  console.log(
    `Experts: ${made} created (${expertCount} wanted) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
if (projectCount > 0) {
  const started = Date.now();
  const made = await seedProjects(handle.db, projectCount, progressBar('projects'));
  console.log(
    `Projects: ${made} created (${projectCount} wanted) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
await handle.close();
