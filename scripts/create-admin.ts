// Creates the first administrator (and a business, if there is none) in a database started with SEED=none.

import { parseArgs } from 'node:util';
import { createFirstAdministrator } from '../server/areas/management/first-administrator.ts';
import { hashPassword, owaspScryptCost } from '../server/auth/password.ts';
import { seedPermissions } from '../server/auth/seed-permissions.ts';
import { readConfig } from '../server/config.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { askAll } from './create-admin-prompt.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, business: { type: 'string' } },
});

const [typedEmail = '', name = '', password = ''] = await askAll([
  { text: 'Email: ', fallback: values.email ?? process.env.ADMIN_EMAIL },
  { text: 'Name: ', fallback: values.name ?? process.env.ADMIN_NAME },
  { text: 'Password (at least 8 characters): ', fallback: process.env.ADMIN_PASSWORD, secret: true },
]);
const email = typedEmail.toLowerCase();
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
