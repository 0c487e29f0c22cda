import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// PostgreSQL's pg_trgm GIN index answers a search's whole candidate set, in no order, before any row is checked,
// so finding the newest matches of a common text costs every match (docs/PERFORMANCE.md, What moved the numbers). Each
// searched business table now also keeps its trigrams in a posting table keyed by (business_id, trigram, id),
// read newest first (server/engine/search/search-index.ts). This function is what both its triggers and its searches
// cut a text into: the distinct three-character pieces of each lowered text, as ILIKE lowers both sides before
// it compares them. The posting tables are built and filled at the next start, as any changed search index is.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    CREATE FUNCTION search_trigrams(texts text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT substr(lowered.text, start, 3)), '{}')
      FROM unnest(texts) AS given(text)
      CROSS JOIN LATERAL (SELECT lower(given.text) AS text) AS lowered
      CROSS JOIN LATERAL generate_series(1, char_length(lowered.text) - 2) AS start
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP FUNCTION search_trigrams(text[])`.execute(db);
}
