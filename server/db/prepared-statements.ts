import type pg from 'pg';

// At most this many SQL texts are prepared on each connection; texts beyond them run unnamed.
const capacity = 1_000;
// Statements with more parameters than this (multi-row inserts, long IN lists) vary in shape from call to call and
// gain least: their execution outweighs their parse and plan.
const maxParameters = 64;

// node-postgres sends every statement unnamed, so PostgreSQL parses and plans each one anew, on every call: for
// the short statements of a posting that is a good part of the backend's CPU (docs/PERFORMANCE.md, What moved the numbers). A
// named statement is parsed once per connection and then only bound and executed. Names are given per process,
// one per SQL text, the first `capacity` texts that carry parameters; node-postgres remembers per connection
// which names it has parsed. PostgreSQL replans a prepared statement itself when a table it reads changes.
export function preparingStatements(client: pg.PoolClient): pg.PoolClient {
  if (prepared.has(client)) return client;
  prepared.add(client);
  const query = client.query.bind(client) as (text: unknown, values?: unknown) => unknown;
  Object.assign(client, {
    query(text: unknown, values?: unknown) {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(text, values);
      const name = nameOf(text, values.length);
      if (name === null) return query(text, values);
      const answer = query({ name, text, values }) as Promise<unknown>;
      return answer.catch((error: unknown) => {
        if (isStalePlan(error)) forget(text, name);
        throw error;
      });
    },
  });
  return client;
}

const prepared = new WeakSet<pg.PoolClient>();
const names = new Map<string, string>();
let named = 0;

// PostgreSQL refuses to run a prepared `SELECT *` whose table has gained or lost a column since it was prepared
// (an upgrade's migration under a running process). That call fails; the text is given a new name, so that every
// connection prepares it afresh the next time.
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '0A000' && /cached plan/.test(error.message);
}

function forget(text: string, name: string): void {
  if (names.get(text) === name) names.delete(text);
}

function nameOf(text: string, parameters: number): string | null {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (parameters > maxParameters || names.size >= capacity) return null;
  named += 1;
  const name = `spectacle_${named}`;
  names.set(text, name);
  return name;
}
