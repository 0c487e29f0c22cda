import {
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type TableMetadata,
} from 'kysely';

type TableColumn = {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
};

// Kysely's PostgreSQL introspection reads every schema of the database and calls has_schema_privilege and
// pg_get_serial_sequence on each: a schema dropped meanwhile by another process (a finished test, a bench reset)
// fails the whole read with "schema does not exist", and the migrator, which looks for its own tables this way,
// fails with it. Spectacle's tables live in the connection's current schema, so only that one is read.
class CurrentSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<TableColumn>`
      select c.relname as table, c.relkind as table_type, ns.nspname as schema, a.attname as column,
        typ.typname as type, tns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%') as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
        and (${options.withInternalKyselyTables} or c.relname not in ('kysely_migration', 'kysely_migration_lock'))
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === 'v',
          isForeign: row.table_type === 'f',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
      });
    }
    return [...tables.values()];
  }
}

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): CurrentSchemaIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
