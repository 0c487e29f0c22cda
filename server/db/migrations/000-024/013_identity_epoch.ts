import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// Everything a request's identity is read from (server/auth/identity.ts). Any write to these tables, by any
// process or straight in the database, moves `identity_epoch` forward in the writing transaction, so a process
// may keep an identity it has read for as long as the epoch stands still. Sessions count only when removed
// (sign-out, password change, idle timeout): a sign-in or a touch of `last_seen_at` changes no one's identity.
export const identitySources = [
  'users',
  'roles',
  'permissions',
  'role_user',
  'role_permission',
  'business_user',
  'businesses',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_epoch')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('epoch', 'bigint', (column) => column.notNull())
    .execute();
  await sql`INSERT INTO identity_epoch (id, epoch) VALUES (1, 0)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE FUNCTION identity_epoch_advance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE identity_epoch SET epoch = epoch + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
    for (const table of identitySources) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_identity_epoch`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION identity_epoch_advance()`.execute(db);
    }
    await sql`
      CREATE TRIGGER sessions_identity_epoch AFTER DELETE ON sessions
      FOR EACH STATEMENT EXECUTE FUNCTION identity_epoch_advance()`.execute(db);
    return;
  }
  const events = [
    ...identitySources.flatMap((table) => ['INSERT', 'UPDATE', 'DELETE'].map((event) => ({ table, event }))),
    {
      table: 'sessions',
      event: 'DELETE',
    },
  ];
  for (const { table, event } of events) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_identity_epoch_${event.toLowerCase()}`)} AFTER ${sql.raw(event)}
      ON ${sql.table(table)} BEGIN
        UPDATE identity_epoch SET epoch = epoch + 1 WHERE id = 1;
      END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of [...identitySources, 'sessions'])
      await sql`DROP TRIGGER ${sql.raw(`${table}_identity_epoch`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION identity_epoch_advance()`.execute(db);
  } else {
    for (const table of identitySources)
      for (const event of ['insert', 'update', 'delete'])
        await sql`DROP TRIGGER ${sql.raw(`${table}_identity_epoch_${event}`)}`.execute(db);
    await sql`DROP TRIGGER sessions_identity_epoch_delete`.execute(db);
  }
  await db.schema.dropTable('identity_epoch').execute();
}
