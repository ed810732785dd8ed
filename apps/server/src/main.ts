import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { demoAccounts, demoPasswordProblem, seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { DEMO_EXPERT_COUNT, seedDemoExpertProfile, seedExperts } from './db/seed/experts.ts';
import { DEMO_PROJECT_COUNT, seedProjects } from './db/seed/projects.ts';
import { checkPortFree, listenProblem } from './lib/port-check.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const portProblem = await checkPortFree(config.host, config.port);
if (portProblem) {
  console.error(portProblem);
  process.exit(1);
}

const app = await buildApp(config);
const refusal = await demoPasswordProblem(config, app.db);
if (refusal) {
  console.error(refusal);
  await app.close();
  process.exit(1);
}
if (config.seedDemo) {
  const created = await seedDemoAccounts(app.db);
  if (created > 0) {
    app.log.info(
      { accounts: demoAccounts.map(({ email, password, role }) => ({ email, password, role })) },
      'demo accounts created (local use only)',
    );
  }
  // A few hundred approved experts so the embedded setup looks alive; a no-op once they exist.
  await seedDemoExpertProfile(app.db, demoAccounts[1]!.email);
  const experts = await seedExperts(app.db, DEMO_EXPERT_COUNT);
  if (experts > 0) app.log.info({ experts }, 'demo experts created');
  const projects = await seedProjects(app.db, DEMO_PROJECT_COUNT);
  if (projects > 0) app.log.info({ projects }, 'demo projects created');
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  const problem = listenProblem(error, config.host, config.port);
  if (!problem) throw error;
  console.error(problem);
  await app.close();
  process.exit(1);
}
app.log.info(`Sciwise is running at ${config.publicUrl} (database: ${app.database.driver})`);
