import { type Compilable, CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

// A statement marked as its transaction's last starts with this comment: the connection sends the COMMIT right
// behind it, before the statement's answer has come back (PostgreSQL; SQLite reads a comment).
const lastStatementMark = '/* then commit */ ';

export function asLastStatement<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(lastStatementMark)}${query}`;
}

// Statements sent together travel as one text behind this comment: their texts and parameter counts as JSON.
const togetherMark = '/* together */ ';

/**
 * Runs `queries` in turn, each after the one before has ended, and answers their rows in order; on PostgreSQL they
 * are sent together, in one round trip instead of one each. For statements of one transaction that do not need
 * each other's answers, such as a lock and then a read that must start after the lock is granted, so that it sees
 * what was committed while the lock waited. The first failure is thrown; in a transaction the statements after it
 * fail too, as PostgreSQL refuses every statement of a failed transaction.
 */
export async function executeInTurn(
  db: Kysely<Database>,
  queries: readonly (Compilable<unknown> | RawBuilder<unknown>)[],
): Promise<unknown[][]> {
  const compiled = queries.map((query) => ('isRawBuilder' in query ? query.compile(db) : query.compile()));
  if (dialectOf(db) === 'sqlite') {
    const answers: unknown[][] = [];
    for (const query of compiled) answers.push((await db.executeQuery(query)).rows as unknown[]);
    return answers;
  }
  const texts = JSON.stringify(compiled.map((query) => [query.sql, query.parameters.length]));
  const together = CompiledQuery.raw(
    `${togetherMark}${texts}`,
    compiled.flatMap((query) => query.parameters),
  );
  const [answer] = (await db.executeQuery<{ rows: unknown[][] }>(together)).rows;
  return answer?.rows ?? [];
}

// The statements of a text marked together, each with its own parameters.
function apart(text: string, values: unknown): [string, unknown[]][] {
  const all = Array.isArray(values) ? values : [];
  let from = 0;
  return (JSON.parse(text.slice(togetherMark.length)) as [string, number][]).map(([statement, count]) => {
    from += count;
    return [statement, all.slice(from - count, from)];
  });
}

type Query = (text: unknown, values?: unknown) => Promise<pg.QueryResult>;

/**
 * A transaction's BEGIN and COMMIT travel with its statements instead of each costing a round trip of its own
 * (node-postgres' `pipeline`): the BEGIN goes out with the transaction's first statement, and the COMMIT with a
 * statement marked as the last. Each round trip costs the server a write that wakes a PostgreSQL backend, and
 * for the short statements of a posting those writes were most of its time (docs/PERFORMANCE.md, issue 30).
 *
 * The COMMIT matters most: a posting that numbers its document last holds the series' counter rows from that
 * statement to its COMMIT, and every other posting of the series waits. Sent after the statement's answer, the
 * COMMIT leaves only once the event loop, busy with other requests, runs the code that sends it; pipelined,
 * PostgreSQL runs it as soon as the statement ends.
 *
 * Statements that `executeInTurn` sends go out together in the same way.
 *
 * Kysely still sends BEGIN, COMMIT and ROLLBACK itself; they are answered here. A BEGIN is held until the next
 * statement (a transaction that sends none is never begun). After a last statement, Kysely's COMMIT is answered
 * with the one already sent; when the statement failed, PostgreSQL has answered that COMMIT with ROLLBACK (a failed
 * transaction cannot commit), nothing of the transaction is kept, and Kysely's ROLLBACK is answered the same way.
 * Any other statement after the last one is refused: it would run outside the transaction.
 */
export function pipeliningTransactions(client: pg.PoolClient): pg.PoolClient {
  if (wrapped.has(client)) return client;
  wrapped.add(client);
  const query = client.query.bind(client) as Query;
  let begin: string | null = null;
  let commit: Promise<pg.QueryResult> | null = null;
  Object.assign(client, {
    query(text: unknown, values?: unknown) {
      if (commit !== null) {
        const sent = commit;
        commit = null;
        return answeredBySentCommit(sent, text);
      }
      if (typeof text !== 'string') return query(text, values);
      if (/^(begin|start transaction)\b/i.test(text)) {
        begin = text;
        return Promise.resolve(resultOf('BEGIN'));
      }
      const held = begin;
      begin = null;
      if (held !== null && /^(commit|rollback)$/i.test(text)) {
        return Promise.resolve(resultOf(text.toUpperCase()));
      }
      const last = text.startsWith(lastStatementMark);
      const together = text.startsWith(togetherMark);
      if (held === null && !last && !together) return query(text, values);
      return sentTogether(client, () => {
        const began = held === null ? null : query(held);
        const answer = together
          ? answersOf(apart(text, values).map(([one, own]) => query(one, own)))
          : query(text, values);
        if (last) {
          commit = query('COMMIT');
          // Read when Kysely commits or rolls back; until then its failure must not surface as unhandled.
          commit.catch(() => undefined);
        }
        if (began === null) return answer;
        began.catch(() => undefined);
        return began.then(() => answer);
      });
    },
  });
  return client;
}

const wrapped = new WeakSet<pg.PoolClient>();

// The answers of statements sent together, as one result whose only row holds each statement's rows.
async function answersOf(sent: Promise<pg.QueryResult>[]): Promise<pg.QueryResult> {
  for (const one of sent) one.catch(() => undefined);
  const results = await Promise.all(sent);
  return { ...resultOf('SELECT'), rows: [{ rows: results.map((result) => result.rows) }] };
}

function resultOf(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] };
}

// The messages of the queries `send` starts leave in one write: node-postgres writes each query as it is sent.
function sentTogether<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

async function answeredBySentCommit(sent: Promise<pg.QueryResult>, text: unknown): Promise<pg.QueryResult> {
  const ending = typeof text === 'string' ? text.trim().toLowerCase() : '';
  if (ending === 'rollback') {
    await sent.catch(() => undefined);
    return resultOf('ROLLBACK');
  }
  if (ending !== 'commit') {
    await sent.catch(() => undefined);
    throw new Error('A statement was sent after the one its transaction commits with.');
  }
  // A ROLLBACK tag here makes Kysely throw: the transaction did not commit.
  return sent;
}
