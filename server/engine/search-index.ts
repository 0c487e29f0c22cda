import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { containsText, type DialectName, dialectOf } from '../db/dialect.ts';
import type { AnyResource } from './resource.ts';
import type { Trashed } from './search-cache.ts';

// A substring search scans every row of the business with LIKE; these indexes narrow it down first.
// SQLite: an FTS5 table with the trigram tokenizer per searched table (`{table}_fts`, contentless, kept by
// triggers in the writing transaction; `detail=none`, row ids only). Its rowid is the record's id negated: FTS5
// reads its row lists lazily only in ascending rowid order (descending loads every list whole first), so the
// newest matches come first at the cost of the rows read, whatever the table's size. PostgreSQL: a pg_trgm GIN
// index per searched column, which ILIKE uses by itself. Which columns get indexed comes from the resources'
// `searchColumns`, so a resource or column that declares itself searchable is indexed at the next start, and a
// changed declaration rebuilds its index. Triggers made with the index move the table's search epoch, which
// tells a process whether a search it keeps (search-cache.ts) still holds.

export type SearchIndex = { table: string; columns: readonly string[] };

// Trigrams need three characters; a shorter text is matched by the scan alone.
const trigram = 3;
const identifier = /^[a-z_][a-z0-9_]*$/;

// The tables whose own columns are searched (a resource with its own `search` filter reads other tables' indexes).
export function searchIndexesOf(resources: readonly AnyResource[]): SearchIndex[] {
  const columnsOf = new Map<string, Set<string>>();
  for (const resource of resources) {
    if (resource.searchColumns.length === 0 || resource.filters?.search) continue;
    const columns = columnsOf.get(resource.table) ?? new Set<string>();
    for (const column of resource.searchColumns) columns.add(column);
    columnsOf.set(resource.table, columns);
  }
  return [...columnsOf].map(([table, columns]) => ({ table, columns: [...columns] }));
}

export function ftsTable(table: string): string {
  return `${table}_fts`;
}

/**
 * Case-insensitive substring match of `text` in any of `columns` (as the query names them), narrowed by the
 * search indexes of the tables those columns come from (`table`, whose id the query names `id`). The indexes only
 * propose rows; the same LIKE/ILIKE as an unindexed scan decides, so the rows found are exactly the scan's.
 */
export function containsTextIndexed(
  dialect: DialectName,
  indexes: readonly { table: string; id: string }[],
  columns: readonly string[],
  text: string,
): RawBuilder<boolean> {
  const scan = sql.join(
    columns.map((column) => containsText(dialect, column, text)),
    sql` OR `,
  );
  const characters = [...text];
  if (dialect === 'postgres' || characters.length < trigram) return sql<boolean>`(${scan})`;
  const query = trigramQuery(characters);
  const proposed = sql.join(
    indexes.map(({ table, id }) => {
      const fts = sql.table(ftsTable(table));
      return sql`${sql.ref(id)} IN (SELECT -rowid FROM ${fts} WHERE ${fts} MATCH ${query})`;
    }),
    sql` OR `,
  );
  return sql<boolean>`((${proposed}) AND (${scan}))`;
}

/**
 * The ids of one business's rows of `table` matching `text` in any of `columns` (as containsTextIndexed), newest
 * first (`desc`) or oldest first, at most `limit` of them. Only as many matches are visited as are asked for: on
 * SQLite the search index proposes rows newest first (its rowids are the ids negated) and LIKE decides each until
 * enough are found; a text too short for trigrams walks the listing index, which a short text's many matches stop
 * soon. PostgreSQL's GIN index answers a whole candidate set, which is then checked and only the first kept.
 */
export async function matchingIdsInOrder(
  db: Kysely<Database>,
  place: { table: string; businessId: number; trashed: Trashed },
  columns: readonly string[],
  text: string,
  order: 'asc' | 'desc',
  limit: number,
): Promise<number[]> {
  const dialect = dialectOf(db);
  const { table } = place;
  const scan = sql.join(
    columns.map((column) => containsText(dialect, `${table}.${column}`, text)),
    sql` OR `,
  );
  const trashed =
    place.trashed === 'active'
      ? sql`AND ${sql.ref(`${table}.deleted_at`)} IS NULL`
      : place.trashed === 'trashed'
        ? sql`AND ${sql.ref(`${table}.deleted_at`)} IS NOT NULL`
        : sql``;
  const characters = [...text];
  const indexed = characters.length >= trigram;
  const fts = sql.table(ftsTable(table));
  const found =
    dialect === 'sqlite' && indexed
      ? await sql<{ id: number }>`
          SELECT ${sql.ref(`${table}.id`)} AS id
          FROM ${fts} CROSS JOIN ${sql.table(table)} ON ${sql.ref(`${table}.id`)} = -${fts}.rowid
          WHERE ${fts} MATCH ${trigramQuery(characters)} AND ${sql.ref(`${table}.business_id`)} = ${place.businessId}
            ${trashed} AND (${scan})
          ORDER BY ${fts}.rowid ${sql.raw(order === 'desc' ? 'ASC' : 'DESC')} LIMIT ${limit}`.execute(db)
      : await sql<{ id: number }>`
          SELECT ${sql.ref(`${table}.id`)} AS id FROM ${sql.table(table)}
          WHERE ${sql.ref(`${table}.business_id`)} = ${place.businessId} ${trashed} AND (${scan})
          ORDER BY ${indexed ? sql`${sql.ref(`${table}.id`)} + 0` : sql.ref(`${table}.id`)} ${sql.raw(order)}
          LIMIT ${limit}`.execute(db);
  return found.rows.map((row) => Number(row.id));
}

// The rows holding every third trigram of the text and its last one: each such row holds all the pieces the
// text is made of, and reading a few trigrams' row lists costs far less than reading all of them.
function trigramQuery(characters: readonly string[]): string {
  const starts = new Set<number>();
  for (let start = 0; start + trigram <= characters.length; start += trigram) starts.add(start);
  starts.add(characters.length - trigram);
  return [...starts]
    .map(
      (start) =>
        `"${characters
          .slice(start, start + trigram)
          .join('')
          .replaceAll('"', '""')}"`,
    )
    .join(' AND ');
}

// Makes the database's search indexes match `indexes`: builds missing or changed ones, drops undeclared ones.
// Several server processes may start at once: SQLite's immediate transaction and PostgreSQL's advisory lock let
// one of them do it while the others wait and then find nothing to do.
export async function ensureSearchIndexes(db: Kysely<Database>, indexes: readonly SearchIndex[]): Promise<void> {
  for (const index of indexes) {
    for (const name of [index.table, ...index.columns]) {
      if (!identifier.test(name)) throw new Error(`Cannot index the search column ${index.table}.${name}.`);
    }
  }
  if (dialectOf(db) === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('spectacle: search indexes in ' || current_schema()))`.execute(
        trx,
      );
      await syncIndexes(trx, indexes, postgresIndex);
    });
    return;
  }
  await db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      await syncIndexes(connection, indexes, sqliteIndex);
      await sql`COMMIT`.execute(connection);
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}

// `layout` is recorded after the columns (`code,name;rowid=-id`): an index built to an older layout is rebuilt.
type IndexBuilder = {
  layout: string;
  create(db: Kysely<Database>, index: SearchIndex): Promise<void>;
  drop(db: Kysely<Database>, index: SearchIndex): Promise<void>;
};

async function syncIndexes(db: Kysely<Database>, indexes: readonly SearchIndex[], builder: IndexBuilder) {
  const recorded = new Map(
    (await db.selectFrom('search_indexes').selectAll().execute()).map((row) => [row.table_name, row.columns]),
  );
  const columnsOf = (signature: string) => (signature.split(';')[0] ?? '').split(',');
  for (const index of indexes) {
    const columns = [index.columns.join(','), builder.layout].filter(Boolean).join(';');
    const previous = recorded.get(index.table);
    recorded.delete(index.table);
    if (previous === columns) continue;
    if (previous) await builder.drop(db, { table: index.table, columns: columnsOf(previous) });
    await builder.create(db, index);
    await db
      .insertInto('search_indexes')
      .values({ table_name: index.table, columns })
      .onConflict((conflict) => conflict.column('table_name').doUpdateSet({ columns }))
      .execute();
  }
  for (const [table, columns] of recorded) {
    await builder.drop(db, { table, columns: columnsOf(columns) });
    await db.deleteFrom('search_indexes').where('table_name', '=', table).execute();
  }
}

const postgresIndex: IndexBuilder = {
  layout: '',
  async create(db, index) {
    for (const column of index.columns) {
      await sql`
        CREATE INDEX IF NOT EXISTS ${sql.id(`${index.table}_${column}_trgm`)}
        ON ${sql.table(index.table)} USING gin (${sql.ref(column)} public.gin_trgm_ops)`.execute(db);
    }
    // Moves the table's search epoch (engine/search-cache.ts) with every statement a search could see.
    const watched = sql.join([...index.columns, 'deleted_at'].map((column) => sql.ref(column)));
    await sql`
      CREATE TRIGGER ${sql.id(`${index.table}_search_epoch`)}
      AFTER INSERT OR DELETE OR UPDATE OF ${watched} ON ${sql.table(index.table)}
      FOR EACH STATEMENT EXECUTE FUNCTION search_epoch_change()`.execute(db);
    await sql`INSERT INTO search_epoch_changes (table_name) VALUES (${index.table})`.execute(db);
  },
  async drop(db, index) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${index.table}_search_epoch`)} ON ${sql.table(index.table)}`.execute(db);
    for (const column of index.columns)
      await sql`DROP INDEX IF EXISTS ${sql.id(`${index.table}_${column}_trgm`)}`.execute(db);
  },
};

// Identifiers are checked against `identifier` and quoted: some column names are SQL keywords (`group`).
const quoted = (name: string) => `"${name}"`;

const sqliteIndex: IndexBuilder = {
  layout: 'rowid=-id',
  async create(db, index) {
    const fts = quoted(ftsTable(index.table));
    const table = quoted(index.table);
    const columns = index.columns.map(quoted).join(', ');
    const fromRow = (row: 'NEW' | 'OLD') => index.columns.map((column) => `${row}.${quoted(column)}`).join(', ');
    const trigger = (event: string) => quoted(`${ftsTable(index.table)}_${event}`);
    // Moves the table's search epoch (engine/search-cache.ts) with every change a search could see.
    const epoch = `INSERT INTO search_epochs (table_name, epoch) VALUES ('${index.table}', 1)
        ON CONFLICT (table_name) DO UPDATE SET epoch = epoch + 1;`;
    const negated = (row: 'NEW' | 'OLD') => `-${row}."id"`;
    const statements = [
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='', contentless_delete=1, tokenize='trigram', detail='none')`,
      `CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${table} BEGIN
        INSERT INTO ${fts} (rowid, ${columns}) VALUES (${negated('NEW')}, ${fromRow('NEW')});
        ${epoch}
      END`,
      `CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${table} BEGIN
        DELETE FROM ${fts} WHERE rowid = ${negated('OLD')};
        ${epoch}
      END`,
      `CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${columns} ON ${table} BEGIN
        DELETE FROM ${fts} WHERE rowid = ${negated('OLD')};
        INSERT INTO ${fts} (rowid, ${columns}) VALUES (${negated('NEW')}, ${fromRow('NEW')});
        ${epoch}
      END`,
      `CREATE TRIGGER ${trigger('trash')} AFTER UPDATE OF deleted_at ON ${table}
      WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN
        ${epoch}
      END`,
      `INSERT INTO ${fts} (rowid, ${columns}) SELECT -"id", ${columns} FROM ${table}`,
      epoch,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
  async drop(db, index) {
    for (const event of ['insert', 'delete', 'update', 'trash']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${quoted(`${ftsTable(index.table)}_${event}`)}`).execute(db);
    }
    await sql.raw(`DROP TABLE IF EXISTS ${quoted(ftsTable(index.table))}`).execute(db);
  },
};
