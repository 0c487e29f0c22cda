// Creates the first administrator (and a business, if there is none) in a database started with SEED=none.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createFirstAdministrator } from '../server/auth/first-administrator.ts';
import { hashPassword, owaspScryptCost } from '../server/auth/password.ts';
import { seedPermissions } from '../server/auth/seed-permissions.ts';
import { readConfig } from '../server/config.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, business: { type: 'string' } },
});

async function ask(question: string, fallback?: string): Promise<string> {
  if (fallback) return fallback;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = (await prompt.question(question)).trim();
  prompt.close();
  return answer;
}

const email = (await ask('Email: ', values.email ?? process.env.ADMIN_EMAIL)).toLowerCase();
const name = await ask('Name: ', values.name ?? process.env.ADMIN_NAME);
const password = await ask('Password (at least 8 characters): ', process.env.ADMIN_PASSWORD);
if (!/^[^@\s]+@[^@\s]+$/.test(email) || name.length === 0 || password.length < 8) {
  console.error('Give an email, a name and a password of at least 8 characters.');
  process.exit(1);
}

const config = readConfig();
const db = connectDatabase(config.database);
try {
  await migrateToLatest(db);
  const now = new Date().toISOString();
  await seedPermissions(db, now);
  await createFirstAdministrator(db, {
    email,
    name,
    passwordHash: await hashPassword(password, owaspScryptCost),
    businessName: values.business ?? process.env.ADMIN_BUSINESS ?? 'My Optical Shop',
    now,
  });
  console.log(`Administrator ${email} created.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
