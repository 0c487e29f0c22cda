import type { Kysely } from 'kysely';
import { fullAccessPermission } from '../../auth/identity.ts';
import { administratorNamedPermissions } from '../../auth/permission-catalogue.ts';
import type { Database } from '../../db/database.ts';
import { seedStartingData } from './businesses.ts';

export type FirstAdministrator = {
  email: string;
  name: string;
  passwordHash: string;
  // The name of the business made when there is none yet.
  businessName: string;
  now: string;
};

// `npm run create-admin` on a database started without demo data: the administrator joins the first business,
// made (with the starting data every new business gets) when there is none. One transaction: all or nothing.
export async function createFirstAdministrator(db: Kysely<Database>, admin: FirstAdministrator): Promise<void> {
  const audit = { created_at: admin.now, updated_at: admin.now, created_by: null, updated_by: null };
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirst()) {
      throw new Error(`A user with the email ${admin.email} already exists.`);
    }
    let business = await trx
      .selectFrom('businesses')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (!business) {
      business = await trx
        .insertInto('businesses')
        .values({ name: admin.businessName, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedStartingData(trx, business.id, { at: admin.now, userId: null });
    }
    const role =
      (await trx.selectFrom('roles').select('id').where('name', '=', 'Administrator').executeTakeFirst()) ??
      (await trx
        .insertInto('roles')
        .values({ name: 'Administrator', description: 'Everything, in every business', ...audit })
        .returning('id')
        .executeTakeFirstOrThrow());
    // Full access holds every permission; backdating, closing the books and changing a receipt's cost are named too,
    // so that they show on the role.
    const granted = await trx
      .selectFrom('permissions')
      .select('id')
      .where('name', 'in', [fullAccessPermission, ...administratorNamedPermissions])
      .execute();
    const linked = await trx
      .selectFrom('role_permission')
      .select('permission_id')
      .where('role_id', '=', role.id)
      .execute();
    const missing = granted.filter((permission) => !linked.some((link) => link.permission_id === permission.id));
    if (missing.length > 0)
      await trx
        .insertInto('role_permission')
        .values(missing.map((permission) => ({ role_id: role.id, permission_id: permission.id })))
        .execute();
    const user = await trx
      .insertInto('users')
      .values({
        name: admin.name,
        email: admin.email,
        password_hash: admin.passwordHash,
        must_change_password: 0,
        ...audit,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('business_user').values({ business_id: business.id, user_id: user.id }).execute();
    await trx.insertInto('role_user').values({ role_id: role.id, user_id: user.id }).execute();
  });
}
