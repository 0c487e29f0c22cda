import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from './app.ts';
import { owaspScryptCost } from './auth/password.ts';
import { readConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { replicaReports } from './db/reports-source.ts';
import { seedDatabase } from './demo/index.ts';
import { demoSignIn } from './demo/master-data.ts';

// Migrates, seeds a new database and serves the API and the built client until the process is stopped.
export async function startServer(): Promise<void> {
  const config = readConfig();
  if (config.database.kind === 'sqlite') mkdirSync(dirname(config.database.path), { recursive: true });
  // The console while migrating and seeding, the app's log once it runs.
  let reportLostConnection = (error: Error) => console.warn(`A database connection was lost: ${error.message}`);
  const db = connectDatabase(config.database, { onConnectionLost: (error) => reportLostConnection(error) });
  await migrateToLatest(db);
  await seedDatabase(db, { demo: config.seed === 'demo', passwordCost: owaspScryptCost, now: new Date() });
  let reportReplicaAway = (error: Error) => console.warn(`The reports' replica did not answer: ${error.message}`);
  const reports =
    config.reportsDatabaseUrl === null
      ? undefined
      : replicaReports(db, connectDatabase({ kind: 'postgres', url: config.reportsDatabaseUrl }), {
          onAway: (error) => reportReplicaAway(error),
        });
  const app = await buildApp({
    db,
    reports,
    log: { format: process.stdout.isTTY ? 'lines' : 'json' },
    sessionIdleMinutes: config.sessionIdleMinutes,
    trustProxy: config.trustProxy,
    clientDir: existsSync(config.clientDir) ? config.clientDir : null,
    contractPath: config.contractPath,
    eis: config.eis,
    sms: config.sms,
  });
  reportReplicaAway = (error) =>
    app.log.warn({ err: error }, "the reports' replica did not answer; reports read the primary for 5 seconds");
  reportLostConnection = (error) =>
    app.log.warn({ err: error }, 'a database connection was lost; the pool opens another when one is needed');
  const stop = async () => {
    await app.close();
    await reports?.destroy();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => `Spectacle is running at ${address}`,
  });
  const demoAdmin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoSignIn.emails[0])
    .executeTakeFirst();
  if (demoAdmin) {
    app.log.info(`Demo data: sign in as ${demoSignIn.emails.join(', ')} with the password ${demoSignIn.password}`);
  }
}
