import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: { getExecutor(): { adapter: unknown } }): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// The audit columns every record table starts with (docs/domain/README.md, Records); tenant tables add business_id.
export function recordTable<T extends string>(
  db: Kysely<unknown>,
  name: T,
  options: { tenant: boolean },
): CreateTableBuilder<T, 'id'> {
  const postgres = dialectOf(db) === 'postgres';
  let table = db.schema
    .createTable(name)
    .addColumn('id', postgres ? 'serial' : 'integer', (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    );
  if (options.tenant) {
    table = table.addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'));
  }
  return table
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer');
}

export function plainIdColumn(db: Kysely<unknown>): {
  type: 'serial' | 'integer';
  build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return dialectOf(db) === 'postgres'
    ? { type: 'serial', build: (column) => column.primaryKey() }
    : { type: 'integer', build: (column) => column.primaryKey().autoIncrement() };
}

// A LIKE/ILIKE pattern matching `text` anywhere, its wildcards and the escape character escaped (escape '\\').
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// Case-insensitive substring match, with LIKE's wildcards in the user's text taken literally.
export function containsText(dialect: DialectName, column: string, text: string) {
  const pattern = likePattern(text);
  return dialect === 'postgres'
    ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
