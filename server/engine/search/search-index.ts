import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { containsText, type DialectName, dialectOf, likePattern } from '../../db/dialect.ts';
import { firstColumnAtOnce, notAtOnce } from '../../db/direct-read.ts';
import type { AnyResource } from '../resource.ts';
import { type FoundWithEpoch, postgresEpochText, type Trashed } from './search-cache.ts';

// A substring search scans every row of the business with LIKE; these indexes narrow it down first.
// SQLite: an FTS5 table with the trigram tokenizer per searched table (`{table}_fts`, contentless, kept by
// triggers in the writing transaction; `detail=none`, row ids only). Its rowid is the record's id negated: FTS5
// reads its row lists lazily only in ascending rowid order (descending loads every list whole first), so the
// newest matches come first at the cost of the rows read, whatever the table's size. PostgreSQL: a pg_trgm GIN
// index per searched column, which ILIKE uses by itself, and for a business's tables a posting table
// (`{table}_trigrams`: business_id, trigram, id; kept by a row trigger in the writing transaction) from which a
// search reads its candidates newest first, checking each on its row's searched text (`{table}_search_texts`, kept by
// the same trigger; matchingIdsInOrder). Which columns get indexed comes from the resources'
// `searchColumns`, so a resource or column that declares itself searchable is indexed at the next start, and a
// changed declaration rebuilds its index. Triggers made with the index move the table's search epoch, which
// tells a process whether a search it keeps (search-cache.ts) still holds.

// `ordered`: the table's rows belong to a business, its searches ask for the newest (or oldest) matches first, and on
// PostgreSQL it keeps trigram postings for them (unless keepsPostings says otherwise).
export type SearchIndex = { table: string; columns: readonly string[]; ordered: boolean };

// A numbered document keeps no postings: its number is written under its series' counter lock (an invoice's last,
// docs/DECISIONS.md "Speed"), and rewriting its postings there made that UPDATE about ten times as long, on every
// posting of the series. Its searches keep to the GIN index.
function keepsPostings(columns: readonly string[]): boolean {
  return !columns.includes('number');
}

// Trigrams need three characters; a shorter text is matched by the scan alone.
const trigram = 3;
const identifier = /^[a-z_][a-z0-9_]*$/;

// The tables whose own columns are searched (a resource with its own `search` filter reads other tables' indexes).
export function searchIndexesOf(resources: readonly AnyResource[]): SearchIndex[] {
  const columnsOf = new Map<string, Set<string>>();
  const ordered = new Set<string>();
  for (const resource of resources) {
    if (resource.searchColumns.length === 0 || resource.filters?.search) continue;
    const columns = columnsOf.get(resource.table) ?? new Set<string>();
    for (const column of resource.searchColumns) columns.add(column);
    columnsOf.set(resource.table, columns);
    if (resource.scope === 'business' && keepsPostings(resource.searchColumns)) ordered.add(resource.table);
  }
  return [...columnsOf].map(([table, columns]) => ({ table, columns: [...columns], ordered: ordered.has(table) }));
}

export function ftsTable(table: string): string {
  return `${table}_fts`;
}

function trigramTable(table: string): string {
  return `${table}_trigrams`;
}

function searchTextTable(table: string): string {
  return `${table}_search_texts`;
}

// What joins a row's searched columns into its one searched text: a character no one types, so that no text
// searched for can match across two columns. A text holding it is searched by the GIN index and the scan instead.
const columnSeparator = '\u001f';

// A text the posting walk may answer: long enough for trigrams, on a table keeping postings, and unable to match
// across the columns joined in its searched text.
function walkable(columns: readonly string[], text: string): boolean {
  return [...text].length >= trigram && keepsPostings(columns) && !text.includes(columnSeparator);
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

// What a search asks of a table's index: the ids of one business's records (live or in the trash) whose columns
// hold the text, in id order, at most `limit`.
export type TextSearch = {
  place: { table: string; businessId: number; trashed: Trashed };
  columns: readonly string[];
  text: string;
  order: 'asc' | 'desc';
  limit: number;
};

/**
 * The ids of one business's rows of `table` matching `text` in any of `columns` (as containsTextIndexed), newest
 * first (`desc`) or oldest first, at most `limit` of them. Only as many matches are visited as are asked for: on
 * SQLite the search index proposes rows newest first (its rowids are the ids negated) and LIKE decides each until
 * enough are found; a text too short for trigrams walks the listing index, which a short text's many matches stop
 * soon. On PostgreSQL the posting table does the same (postgresMatches), and when its walk gives up, the GIN index
 * answers the whole candidate set, which is then checked and only the first kept.
 */
export async function matchingIdsInOrder(
  db: Kysely<Database>,
  search: TextSearch,
  // The posting walk has already given up on this text (matchingIdsWithPage): the GIN index answers.
  walkedBefore = false,
): Promise<number[]> {
  const { place, columns, text, order, limit } = search;
  const dialect = dialectOf(db);
  const { table } = place;
  const characters = [...text];
  const indexed = characters.length >= trigram;
  if (dialect === 'sqlite' && indexed) return sqliteMatches(db, search, characters);
  if (dialect === 'postgres' && walkable(columns, text) && !walkedBefore) {
    const walked = await postgresMatches(db, search);
    if (walked) return walked;
  }
  const { scan, trashed } = conditions(db, place, columns, text);
  const found = await sql<{ id: number }>`
    SELECT ${sql.ref(`${table}.id`)} AS id FROM ${sql.table(table)}
    WHERE ${sql.ref(`${table}.business_id`)} = ${place.businessId} ${trashed} AND (${scan})
    ORDER BY ${indexed ? sql`${sql.ref(`${table}.id`)} + 0` : sql.ref(`${table}.id`)} ${sql.raw(order)}
    LIMIT ${limit}`.execute(db);
  return found.rows.map((row) => Number(row.id));
}

// The SQL of a SQLite search through the trigram index, per table, columns, trash view and order: written once, as
// building and compiling it through Kysely on every keystroke (with the page's query, built the same way) cost a
// tenth of a search over a merged index (docs/PERFORMANCE.md). Its parameters are the MATCH query, the business,
// the LIKE pattern once per column and the limit.
const sqliteSearchTexts = new Map<string, string>();

function sqliteSearchText(table: string, columns: readonly string[], trashed: Trashed, order: 'asc' | 'desc'): string {
  const shape = [table, columns.join(','), trashed, order].join('\u0000');
  let text = sqliteSearchTexts.get(shape);
  if (text === undefined) {
    for (const name of [table, ...columns]) {
      if (!identifier.test(name)) throw new Error(`Cannot search the column ${table}.${name}.`);
    }
    const fts = quoted(ftsTable(table));
    const row = (column: string) => `${quoted(table)}.${quoted(column)}`;
    const deleted = { active: 'IS NULL', trashed: 'IS NOT NULL', all: null }[trashed];
    const scan = columns.map((column) => `${row(column)} like ? escape '\\'`).join(' OR ');
    text = `SELECT ${row('id')} AS id FROM ${fts} CROSS JOIN ${quoted(table)} ON ${row('id')} = -${fts}.rowid
      WHERE ${fts} MATCH ? AND ${row('business_id')} = ? ${deleted ? `AND ${row('deleted_at')} ${deleted}` : ''}
        AND (${scan})
      ORDER BY ${fts}.rowid ${order === 'desc' ? 'ASC' : 'DESC'} LIMIT ?`;
    sqliteSearchTexts.set(shape, text);
  }
  return text;
}

// SQLite's search: the index proposes rows newest first (rowid is the id negated), LIKE decides, read at once
// (a column of ids, no object per row) unless a transaction is open on the connection.
async function sqliteMatches(
  db: Kysely<Database>,
  search: TextSearch,
  characters: readonly string[],
): Promise<number[]> {
  const { place, columns, text, order, limit } = search;
  const statement = sqliteSearchText(place.table, columns, place.trashed, order);
  const pattern = likePattern(text);
  const query = order === 'desc' ? sparsestTrigramsQuery(db, place.table, characters) : trigramQuery(characters);
  const parameters = [query, place.businessId, ...columns.map(() => pattern), limit];
  const ids = firstColumnAtOnce<number>(db, statement, parameters);
  if (ids !== notAtOnce) return ids;
  const found = await db.executeQuery<{ id: number }>(CompiledQuery.raw(statement, parameters));
  return found.rows.map((row) => Number(row.id));
}

// How many of a trigram's newest postings a SQLite search reads to tell how sparse it is where the search starts, and
// how many of the sparsest it asks the index for.
const sqliteSampled = 64;
const sqliteTrigramsAsked = 3;
const sqliteSampleTexts = new Map<string, string>();
// A trigram's reach, kept a minute per process: the catalogue's words and digits recur in text after text, and
// sampling a dozen trigrams cost a third of a search. A reach gone stale makes a search slower, never wrong: LIKE
// decides every row the index proposes.
const reachKeptMs = 60_000;
const reachesKept = 10_000;
const keptReaches = new Map<string, { reach: number; at: number }>();

/**
 * The MATCH query of a newest-first SQLite search: the text's three trigrams that are sparsest among the newest rows.
 * The index intersects the row lists of the trigrams asked, and its cost follows the longest of them, however few
 * rows hold them all: a catalogue word's trigrams are in tens of thousands of rows, a number's in a few thousand, so
 * "Clubmaster 4123" read three lists of 83,000 rows for its 9 matches when asked for every third trigram. How sparse
 * a trigram is comes from its 65th newest posting (none: it has at most 64), read from the first page of its list.
 * Three trigrams leave few rows besides the matches for LIKE to turn down; two left hundreds, four read a longer list.
 * At 1,000,000 items the never-seen varied texts took a third less CPU on average and half as much at p99
 * (docs/PERFORMANCE.md, Known slow spots). Inside a transaction, or for a text of three trigrams
 * or fewer, every third trigram is asked as before. Oldest first, a sample would read every list whole.
 */
function sparsestTrigramsQuery(db: Kysely<Database>, table: string, characters: readonly string[]): string {
  const trigrams = new Set<string>();
  for (let start = 0; start + trigram <= characters.length; start += 1) {
    trigrams.add(characters.slice(start, start + trigram).join(''));
  }
  if (trigrams.size <= sqliteTrigramsAsked) return trigramQuery(characters);
  let sample = sqliteSampleTexts.get(table);
  if (sample === undefined) {
    if (!identifier.test(table)) throw new Error(`Cannot search the table ${table}.`);
    const fts = quoted(ftsTable(table));
    sample = `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid ASC LIMIT ${sqliteSampled + 1}`;
    sqliteSampleTexts.set(table, sample);
  }
  const reach = new Map<string, number>();
  const now = Date.now();
  for (const piece of trigrams) {
    const key = `${table}\u0000${piece}`;
    const kept = keptReaches.get(key);
    if (kept !== undefined && now - kept.at < reachKeptMs) {
      reach.set(piece, kept.reach);
      continue;
    }
    const rowids = firstColumnAtOnce<number>(db, sample, [phrase(piece)]);
    if (rowids === notAtOnce) return trigramQuery(characters);
    const sampled = rowids[sqliteSampled] ?? Number.POSITIVE_INFINITY;
    reach.set(piece, sampled);
    keptReaches.delete(key);
    keptReaches.set(key, { reach: sampled, at: now });
    if (keptReaches.size > reachesKept) keptReaches.delete(keptReaches.keys().next().value ?? key);
  }
  return [...trigrams]
    .sort((a, b) => {
      const [first, second] = [reach.get(a) ?? 0, reach.get(b) ?? 0];
      return first === second ? 0 : first > second ? -1 : 1;
    })
    .slice(0, sqliteTrigramsAsked)
    .map(phrase)
    .join(' AND ');
}

// A trigram as an FTS5 phrase.
function phrase(piece: string): string {
  return `"${piece.replaceAll('"', '""')}"`;
}

// The scan deciding a row (LIKE/ILIKE over the columns) and the trash view, on the table's own columns.
function conditions(
  db: Kysely<Database>,
  place: { table: string; trashed: Trashed },
  columns: readonly string[],
  text: string,
): { scan: RawBuilder<unknown>; trashed: RawBuilder<unknown> } {
  const dialect = dialectOf(db);
  const { table } = place;
  const scan = sql.join(
    columns.map((column) => containsText(dialect, `${table}.${column}`, text)),
    sql` OR `,
  );
  const deleted = sql.ref(`${table}.deleted_at`);
  const trashed =
    place.trashed === 'active'
      ? sql`AND ${deleted} IS NULL`
      : place.trashed === 'trashed'
        ? sql`AND ${deleted} IS NOT NULL`
        : sql``;
  return { scan, trashed };
}

// How many of a trigram's newest (or oldest) postings are read to tell how sparse it is where a search starts.
const sampled = 64;
// How many postings of the sparsest trigram a search walks, per match asked for, before it asks the GIN index.
const walkedPerMatch = 4;
// How many postings of the second trigram the merge reads, per posting of the sparsest it may walk.
const mergedPerWalked = 4;

/**
 * The business's rows holding the text's two sparsest trigrams, read from the posting table newest first (oldest
 * for `asc`), each checked on its searched text (as the scan would), until `limit` match: `null` when the walk
 * could not tell. How sparse a trigram is where the walk starts is the id of its 65th posting from that end (none:
 * it has at most 64), read from the index alone. The two trigrams' postings are merged in id order, each read once
 * from the index in that order (a merge join: looking each posting of the first up in the second's cost a descent
 * of the whole posting index, ten times as much), from the first's end on, and each id in both is checked on its
 * searched text. A common text stops after about `limit` candidates. A text whose trigrams are all common but which
 * matches few rows would walk most of the table: past `walkedPerMatch` postings of the first per match asked for, or
 * `mergedPerWalked` times as many of the second, the walk gives up and the GIN index, whose candidate set is small
 * for such a text, answers instead; the merge stops in id order, so the matches it found before giving up are the
 * first ones. A trigram with at most 64 postings is walked whole, each posting looked up in the second's (a merge cut
 * short there could not tell the rest).
 */
async function postgresMatches(db: Kysely<Database>, search: TextSearch): Promise<number[] | null> {
  const { place, columns, text, order, limit } = search;
  const shape = { table: place.table, columns, trashed: place.trashed, order, limit: writtenLimit(limit) };
  const found = await db.executeQuery<{ ids: number[]; whole: boolean }>(
    CompiledQuery.raw(postgresWalkText(shape, null), walkParameters(place.businessId, text)),
  );
  const [result] = found.rows;
  return result ? walked(result, limit) : null;
}

// What a walk answers: the first `limit` ids when they tell (enough of them, or a whole walk), `null` when the GIN
// index must.
function walked(found: { ids: readonly (number | string)[]; whole: boolean }, limit: number): number[] | null {
  const ids = found.ids.map(Number);
  return ids.length >= limit || found.whole ? ids.slice(0, limit) : null;
}

// The limit written into a walk's statement: one more than 1, 2 or 5 times a power of ten (the list's 1,001, the
// type-ahead's 16 as 21), so that a table has a few such statements rather than one per page depth or type-ahead
// size. The walk finds up to that many and answers the first `limit`.
function writtenLimit(limit: number): number {
  let written = 1;
  for (let scale = 1; written < limit - 1; scale *= 10) {
    written = [scale, 2 * scale, 5 * scale].find((step) => step >= limit - 1) ?? 5 * scale;
  }
  return written + 1;
}

type WalkShape = { table: string; columns: readonly string[]; trashed: Trashed; order: 'asc' | 'desc'; limit: number };

// The walk's parameters: $1 the business, $2 the text, $3 its LIKE pattern (lowered in the statement); with a
// page, $4 and $5 its first and last positions in the answer (from 1).
function walkParameters(businessId: number, text: string): unknown[] {
  return [businessId, text, likePattern(text)];
}

// The walk's statements, written once per table, columns, trash view, order, limit and page read, rather than built
// and compiled through Kysely on every keystroke into the same text. Its limits are written into the text, not
// bound: PostgreSQL plans a prepared statement for its values on each run until a plan for any values costs no
// more, and it costs a LIMIT it cannot see at a tenth of the rows, so the generic plan looked twice as dear and the
// walk was planned afresh every time (a third of its backend CPU, docs/PERFORMANCE.md, What moved the numbers). With them
// written, the generic plan is the same plan and is kept from the sixth run on.
const postgresWalkTexts = new Map<string, string>();

// With a page's read (matchingIdsWithPage) when `select` is given. The ids are answered as JSON: node-postgres
// reads an integer array character by character, 250 µs for 1,001 ids at load, where JSON.parse takes 18.
function postgresWalkText(shape: WalkShape, select: string | null): string {
  const { table, columns, trashed, order, limit } = shape;
  const key = [table, columns.join(','), trashed, order, limit, select ?? ''].join('\u0000');
  const known = postgresWalkTexts.get(key);
  if (known) return known;
  for (const name of [table, ...columns]) {
    if (!identifier.test(name)) throw new Error(`Cannot search the column ${table}.${name}.`);
  }
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Cannot search for ${limit} rows.`);
  const postings = quoted(trigramTable(table));
  const row = (column: string) => `${quoted(table)}.${quoted(column)}`;
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  // Descending, the sparsest trigram's 65th posting has the lowest id; ascending, the highest.
  const sparsest = order === 'desc' ? 'reach ASC NULLS FIRST' : 'reach DESC NULLS FIRST';
  // The second trigram's postings past the first's end cannot be in both.
  const within = order === 'desc' ? '<=' : '>=';
  const end = order === 'desc' ? 'max' : 'min';
  const walked = Math.max(limit * walkedPerMatch, sampled);
  const first = '(SELECT trigrams[1] FROM chosen)';
  const second = '(SELECT COALESCE(trigrams[2], trigrams[1]) FROM chosen)';
  const texts = quoted(searchTextTable(table));
  const trashedCondition = { active: 'AND NOT texts.trashed', trashed: 'AND texts.trashed', all: '' }[trashed];
  const checked = (id: string) => `
    SELECT texts.id FROM ${texts} AS texts
    WHERE texts.business_id = $1 AND texts.id = ${id} ${trashedCondition}
      AND texts.text LIKE (SELECT pattern FROM chosen) ESCAPE '\\'`;
  const chosen = `
    chosen AS MATERIALIZED (
      SELECT array_agg(trigram ORDER BY ${sparsest}, trigram) AS trigrams, bool_or(reach IS NULL) AS whole,
        lower($3::text) AS pattern
      FROM (
        SELECT trigram, (
          SELECT posting.id FROM ${postings} AS posting
          WHERE posting.business_id = $1 AND posting.trigram = pieces.trigram
          ORDER BY posting.id ${direction} OFFSET ${sampled} LIMIT 1
        ) AS reach
        FROM unnest(search_trigrams(ARRAY[$2::text])) AS pieces(trigram) OFFSET 0
      ) AS ranked
    )`;
  const found = `
    SELECT (SELECT whole FROM chosen) AS whole, CASE WHEN (SELECT whole FROM chosen) THEN ARRAY(
      SELECT found.id FROM (
        SELECT posting.id FROM ${postings} AS posting WHERE posting.business_id = $1 AND posting.trigram = ${first}
      ) AS walked
      CROSS JOIN LATERAL (
        SELECT checked.id FROM ${postings} AS probed, LATERAL (${checked('walked.id')}) AS checked
        WHERE probed.business_id = $1 AND probed.trigram = ${second} AND probed.id = walked.id
        LIMIT 1
      ) AS found
      ORDER BY walked.id ${direction}
      LIMIT ${limit}
    ) ELSE ARRAY(
      SELECT found.id FROM (
        SELECT posting.id FROM ${postings} AS posting
        WHERE posting.business_id = $1 AND posting.trigram = ${first}
        ORDER BY posting.id ${direction} LIMIT ${walked}
      ) AS walked
      JOIN (
        SELECT posting.id FROM ${postings} AS posting
        WHERE posting.business_id = $1 AND posting.trigram = ${second}
          AND posting.id ${within} (
            SELECT ${end}(top.id) FROM ${postings} AS top WHERE top.business_id = $1 AND top.trigram = ${first}
          )
        ORDER BY posting.id ${direction} LIMIT ${walked * mergedPerWalked}
      ) AS merged ON merged.id = walked.id
      CROSS JOIN LATERAL (${checked('walked.id')}) AS found
      ORDER BY walked.id ${direction}
      LIMIT ${limit}
    ) END AS ids`;
  const text =
    select === null
      ? `WITH ${chosen}, found AS MATERIALIZED (${found}) SELECT whole, to_json(ids) AS ids FROM found`
      : `
    WITH ${chosen},
    found AS MATERIALIZED (${found}),
    epoch AS MATERIALIZED (${postgresEpochText(`'${table}'`)})
    SELECT page.*,
      CASE WHEN page.id IS NOT DISTINCT FROM found.ids[$4] THEN to_json(found.ids) END AS ${quoted(answered.ids)},
      found.whole AS ${quoted(answered.whole)}, epoch.epoch AS ${quoted(answered.epoch)},
      epoch.changes AS ${quoted(answered.changes)}
    FROM found CROSS JOIN epoch
    LEFT JOIN LATERAL (
      SELECT ${select} FROM ${quoted(table)}
      WHERE ${row('business_id')} = $1 AND ${row('id')} = ANY (found.ids[$4:$5])
    ) AS page ON true`;
  postgresWalkTexts.set(key, text);
  return text;
}

// The names the page's rows carry the search's own answers under, beside the record's columns.
const answered = {
  ids: 'spectacle: ids',
  whole: 'spectacle: whole',
  epoch: 'spectacle: epoch',
  changes: 'spectacle: changes',
};
const answeredNames = Object.values(answered);

/**
 * As matchingIdsInOrder, in one statement, for a text PostgreSQL walks in the trigram postings (`null` for any
 * other): with the table's search epoch (search-cache.ts), read in the same snapshot as the rows searched, and the
 * rows at positions `page.from` to `page.from + page.count - 1` of the answer, selected with `page.select` (a
 * resource's one-statement read, engine/read-one.ts), in the answer's order. A round trip costs more than reading
 * 15 rows, so the first search of a text answers in one. `rows` is `null` when the walk could not tell and the GIN
 * index answered in a second statement: the page is then read as any other.
 */
export async function matchingIdsWithPage(
  db: Kysely<Database>,
  search: TextSearch,
  page: { from: number; count: number; select: string },
): Promise<{ found: FoundWithEpoch; rows: Record<string, unknown>[] | null } | null> {
  const { place, columns, text, order, limit } = search;
  if (dialectOf(db) !== 'postgres' || !walkable(columns, text)) return null;
  const shape = { table: place.table, columns, trashed: place.trashed, order, limit: writtenLimit(limit) };
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(postgresWalkText(shape, page.select), [
      ...walkParameters(place.businessId, text),
      page.from + 1,
      page.from + page.count,
    ]),
  );
  const first = result.rows.find((row) => row[answered.ids] !== null);
  if (!first) return null;
  const epoch = { epoch: Number(first[answered.epoch]), changes: Number(first[answered.changes]) };
  const ids = walked({ ids: first[answered.ids] as number[], whole: first[answered.whole] === true }, limit);
  if (!ids) {
    return {
      found: { ids: await matchingIdsInOrder(db, search, true), ...epoch },
      rows: null,
    };
  }
  const rows = result.rows.filter((row) => row.id !== null);
  // Blanked, not deleted: a deleted property turns the row into a dictionary, slower to present and serialize, and
  // JSON leaves an undefined value out as it would a missing one.
  for (const row of rows) for (const name of answeredNames) row[name] = undefined;
  const pageIds = ids.slice(page.from, page.from + page.count);
  const position = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(Number(a.id)) ?? 0) - (position.get(Number(b.id)) ?? 0));
  return { found: { ids, ...epoch }, rows };
}

// The rows holding every third trigram of the text and its last one: each such row holds all the pieces the
// text is made of, and reading a few trigrams' row lists costs far less than reading all of them.
function trigramQuery(characters: readonly string[]): string {
  const starts = new Set<number>();
  for (let start = 0; start + trigram <= characters.length; start += trigram) starts.add(start);
  starts.add(characters.length - trigram);
  return [...starts].map((start) => phrase(characters.slice(start, start + trigram).join(''))).join(' AND ');
}

// Makes the database's search indexes match `indexes`: builds missing or changed ones, drops undeclared ones; true
// when it built or dropped any.
// Several server processes may start at once: SQLite's immediate transaction and PostgreSQL's advisory lock let
// one of them do it while the others wait and then find nothing to do.
export async function ensureSearchIndexes(db: Kysely<Database>, indexes: readonly SearchIndex[]): Promise<boolean> {
  for (const index of indexes) {
    for (const name of [index.table, ...index.columns]) {
      if (!identifier.test(name)) throw new Error(`Cannot index the search column ${index.table}.${name}.`);
    }
  }
  if (dialectOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('spectacle: search indexes in ' || current_schema()))`.execute(
        trx,
      );
      return syncIndexes(trx, indexes, postgresIndex);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const changed = await syncIndexes(connection, indexes, sqliteIndex);
      for (const index of indexes) {
        await mergeSqliteSegments(connection, index.table);
        await foldTwoSegmentsALevel(connection, index.table);
      }
      await sql`COMMIT`.execute(connection);
      return changed;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}

// The layout is recorded after the columns (`code,name;rowid=-id`): an index built to an older layout is rebuilt.
type IndexBuilder = {
  layout(index: SearchIndex): string;
  create(db: Kysely<Database>, index: SearchIndex): Promise<void>;
  // `kept`: the columns the index is about to be made for again, whose per-column index may stay.
  drop(db: Kysely<Database>, index: SearchIndex, kept?: readonly string[]): Promise<void>;
};

async function syncIndexes(
  db: Kysely<Database>,
  indexes: readonly SearchIndex[],
  builder: IndexBuilder,
): Promise<boolean> {
  const recorded = new Map(
    (await db.selectFrom('search_indexes').selectAll().execute()).map((row) => [row.table_name, row.columns]),
  );
  const columnsOf = (signature: string) => (signature.split(';')[0] ?? '').split(',');
  let changed = false;
  for (const index of indexes) {
    const columns = [index.columns.join(','), builder.layout(index)].filter(Boolean).join(';');
    const previous = recorded.get(index.table);
    recorded.delete(index.table);
    if (previous === columns) continue;
    changed = true;
    if (previous) {
      await builder.drop(
        db,
        { table: index.table, columns: columnsOf(previous), ordered: index.ordered },
        index.columns,
      );
    }
    await builder.create(db, index);
    await db
      .insertInto('search_indexes')
      .values({ table_name: index.table, columns })
      .onConflict((conflict) => conflict.column('table_name').doUpdateSet({ columns }))
      .execute();
  }
  for (const [table, columns] of recorded) {
    await builder.drop(db, { table, columns: columnsOf(columns), ordered: false });
    await db.deleteFrom('search_indexes').where('table_name', '=', table).execute();
  }
  return changed || recorded.size > 0;
}

const postgresIndex: IndexBuilder = {
  layout: (index) => (index.ordered ? 'trigrams=business_id,trigram,id;texts=lower' : ''),
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
    if (index.ordered) await createTrigramPostings(db, index);
  },
  // A column's GIN index that the new layout keeps is left standing (create makes it only if missing): a database
  // indexed before the postings gains them at the next start without its GIN indexes built again.
  async drop(db, index, kept = []) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${index.table}_search_epoch`)} ON ${sql.table(index.table)}`.execute(db);
    for (const column of index.columns) {
      if (kept.includes(column)) continue;
      await sql`DROP INDEX IF EXISTS ${sql.id(`${index.table}_${column}_trgm`)}`.execute(db);
    }
    // Whether the recorded index had postings is not recorded apart from its layout: drop whatever is there.
    await sql`DROP TABLE IF EXISTS ${sql.table(trigramTable(index.table))}`.execute(db);
    await sql`DROP TABLE IF EXISTS ${sql.table(searchTextTable(index.table))}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.id(`${trigramTable(index.table)}_keep`)}() CASCADE`.execute(db);
  },
};

// The posting table of a business's table, its searched texts, and the row trigger keeping both: a row's postings
// are the distinct trigrams of its searched columns (search_trigrams, migration 020); a change adds and removes only
// the trigrams that differ, so a renumbered document rewrites a few postings. A row's searched text is its columns
// lowered and joined by `columnSeparator`, with whether it is in the trash: a walk checks each candidate there with
// one LIKE on one narrow row, read from the key alone, where ILIKE over the record's columns lowered every column of
// every candidate and read its whole row (a third of the walk, docs/PERFORMANCE.md, What moved the numbers). PostgreSQL's ILIKE
// is `lower(text) LIKE lower(pattern)`, so the rows found are the same. The trigger is made before the tables are
// filled: it locks the table against writes until the transaction ends, so no row is missed in between; the keys
// are built after the fill, in one sort rather than row by row.
async function createTrigramPostings(db: Kysely<Database>, index: SearchIndex): Promise<void> {
  const postings = quoted(trigramTable(index.table));
  const texts = quoted(searchTextTable(index.table));
  const keep = quoted(`${trigramTable(index.table)}_keep`);
  const table = quoted(index.table);
  const searched = index.columns.map(quoted);
  const values = (row: 'NEW.' | 'OLD.' | '') => searched.map((column) => `${row}${column}::text`).join(', ');
  const trigrams = (row: 'NEW.' | 'OLD.' | '') => `search_trigrams(ARRAY[${values(row)}])`;
  const text = (row: 'NEW.' | '') => `lower(concat_ws(E'\\x1f', ${values(row)}))`;
  const add = (added: string) => `INSERT INTO ${postings} (business_id, trigram, id)
        SELECT NEW.business_id, added, NEW.id FROM unnest(${added}) AS added ON CONFLICT DO NOTHING;`;
  const remove = (removed: string) => `DELETE FROM ${postings}
        WHERE business_id = OLD.business_id AND id = OLD.id AND trigram = ANY (${removed});`;
  const addText = `INSERT INTO ${texts} (business_id, id, trashed, text)
        VALUES (NEW.business_id, NEW.id, NEW.deleted_at IS NOT NULL, ${text('NEW.')});`;
  const removeText = `DELETE FROM ${texts} WHERE business_id = OLD.business_id AND id = OLD.id;`;
  const changed = searched.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
  const statements = [
    // A search reads a few postings in key order: a parallel plan only adds its workers' start.
    `CREATE TABLE ${postings} (business_id integer NOT NULL, trigram text NOT NULL, id integer NOT NULL)
    WITH (parallel_workers = 0)`,
    `CREATE TABLE ${texts} (
      business_id integer NOT NULL, id integer NOT NULL, trashed boolean NOT NULL, text text NOT NULL
    ) WITH (parallel_workers = 0)`,
    `CREATE FUNCTION ${keep}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_trigrams text[];
      new_trigrams text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${add(trigrams('NEW.'))}
        ${addText}
      ELSIF TG_OP = 'DELETE' THEN
        ${remove(trigrams('OLD.'))}
        ${removeText}
      ELSIF OLD.business_id = NEW.business_id AND OLD.id = NEW.id THEN
        IF ${changed} THEN
          old_trigrams := ${trigrams('OLD.')};
          new_trigrams := ${trigrams('NEW.')};
          ${remove('ARRAY(SELECT unnest(old_trigrams) EXCEPT SELECT unnest(new_trigrams))')}
          ${add('ARRAY(SELECT unnest(new_trigrams) EXCEPT SELECT unnest(old_trigrams))')}
        END IF;
        UPDATE ${texts} SET trashed = NEW.deleted_at IS NOT NULL, text = ${text('NEW.')}
        WHERE business_id = NEW.business_id AND id = NEW.id;
      ELSE
        ${remove(trigrams('OLD.'))}
        ${removeText}
        ${add(trigrams('NEW.'))}
        ${addText}
      END IF;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER ${keep}
    AFTER INSERT OR DELETE OR UPDATE OF business_id, deleted_at, ${searched.join(', ')} ON ${table}
    FOR EACH ROW EXECUTE FUNCTION ${keep}()`,
    `INSERT INTO ${postings} (business_id, trigram, id) SELECT business_id, unnest(${trigrams('')}), id FROM ${table}`,
    `ALTER TABLE ${postings} ADD PRIMARY KEY (business_id, trigram, id)`,
    `INSERT INTO ${texts} (business_id, id, trashed, text)
    SELECT business_id, id, deleted_at IS NOT NULL, ${text('')} FROM ${table}`,
    // The candidates' checks read the key alone (an index-only scan), not the table's pages.
    `ALTER TABLE ${texts} ADD PRIMARY KEY (business_id, id) INCLUDE (trashed, text)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// Identifiers are checked against `identifier` and quoted: some column names are SQL keywords (`group`).
const quoted = (name: string) => `"${name}"`;

const sqliteIndex: IndexBuilder = {
  layout: () => 'rowid=-id',
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
    await mergeSqliteSegments(db, index.table);
  },
  async drop(db, index) {
    for (const event of ['insert', 'delete', 'update', 'trash']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${quoted(`${ftsTable(index.table)}_${event}`)}`).execute(db);
    }
    await sql.raw(`DROP TABLE IF EXISTS ${quoted(ftsTable(index.table))}`).execute(db);
  },
};

// The steps merging the segments written between starts (search-index-merging.ts) fold any two of a level. Written
// only when not yet so: a start changes nothing it need not (a read-only file still starts, and answers 503 on writes).
async function foldTwoSegmentsALevel(db: Kysely<Database>, table: string): Promise<void> {
  const setting = await sql<{ v: unknown }>`
    SELECT v FROM ${sql.table(`${ftsTable(table)}_config`)} WHERE k = 'usermerge'`.execute(db);
  if (Number(setting.rows[0]?.v) === 2) return;
  const fts = sql.table(ftsTable(table));
  await sql`INSERT INTO ${fts} (${fts}, rank) VALUES ('usermerge', 2)`.execute(db);
}

// An FTS5 index is a set of b-trees (segments): a bulk fill leaves about 16 at a million rows, and every writing
// transaction adds one until FTS5's own merging folds them. A search seeks each trigram in every segment and
// merges what they hold, so at a million items a never-kept search read its trigrams in 2.1 ms over 16 segments
// and in 0.8 ms over one (docs/PERFORMANCE.md, What moved the numbers). At start, and after a fill, an index of more than one
// segment is merged into one (`optimize`: about a second at a million items, under the start's write lock).
async function mergeSqliteSegments(db: Kysely<Database>, table: string): Promise<void> {
  const segments = await sql<{ segments: number }>`
    SELECT COUNT(DISTINCT segid) AS segments FROM ${sql.table(`${ftsTable(table)}_idx`)}`.execute(db);
  if (Number(segments.rows[0]?.segments ?? 0) <= 1) return;
  const fts = sql.table(ftsTable(table));
  await sql`INSERT INTO ${fts} (${fts}) VALUES ('optimize')`.execute(db);
}
