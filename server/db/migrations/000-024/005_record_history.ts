import type { Kysely } from 'kysely';
import { plainIdColumn } from '../../dialect.ts';

// Who did what and when to each record (docs/domain/README.md, History), appended in the transaction of the change.
// Global records (businesses, users, roles) keep their history with a null business_id.
export async function up(db: Kysely<unknown>): Promise<void> {
  const plainId = plainIdColumn(db);
  await db.schema
    .createTable('record_history')
    .addColumn('id', plainId.type, plainId.build)
    .addColumn('business_id', 'integer', (column) => column.references('businesses.id'))
    .addColumn('resource', 'text', (column) => column.notNull())
    .addColumn('record_id', 'integer', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('changes', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('at', 'text', (column) => column.notNull())
    .execute();
  // One record's history, newest first, from the index alone.
  await db.schema
    .createIndex('record_history_record_index')
    .on('record_history')
    .columns(['business_id', 'resource', 'record_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_history').execute();
}
