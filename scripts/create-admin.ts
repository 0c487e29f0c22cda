// Creates the first administrator (and a business, if there is none) in a database started with SEED=none.

import { parseArgs } from 'node:util';
import { fullAccessPermission } from '../server/auth/identity.ts';
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
  const audit = { created_at: now, updated_at: now, created_by: null, updated_by: null };
  const passwordHash = await hashPassword(password, owaspScryptCost);
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      throw new Error(`A user with the email ${email} already exists.`);
    }
    const business =
      (await trx
        .selectFrom('businesses')
        .select('id')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst()) ??
      (await trx
        .insertInto('businesses')
        .values({ name: values.business ?? process.env.ADMIN_BUSINESS ?? 'My Optical Shop', ...audit })
        .returning('id')
        .executeTakeFirstOrThrow());
    const role =
      (await trx.selectFrom('roles').select('id').where('name', '=', 'Administrator').executeTakeFirst()) ??
      (await trx
        .insertInto('roles')
        .values({ name: 'Administrator', description: 'Everything, in every business', ...audit })
        .returning('id')
        .executeTakeFirstOrThrow());
    const fullAccess = await trx
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', fullAccessPermission)
      .executeTakeFirstOrThrow();
    const linked = await trx
      .selectFrom('role_permission')
      .select('role_id')
      .where('role_id', '=', role.id)
      .where('permission_id', '=', fullAccess.id)
      .executeTakeFirst();
    if (!linked)
      await trx.insertInto('role_permission').values({ role_id: role.id, permission_id: fullAccess.id }).execute();
    const user = await trx
      .insertInto('users')
      .values({ name, email, password_hash: passwordHash, must_change_password: 0, ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('business_user').values({ business_id: business.id, user_id: user.id }).execute();
    await trx.insertInto('role_user').values({ role_id: role.id, user_id: user.id }).execute();
  });
  console.log(`Administrator ${email} created.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
