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

// A write whose answer nobody reads starts with this comment: it is held and sent with the next statement.
const withNextMark = '/* with the next */ ';

export function withNextStatement(text: string): string {
  return `${withNextMark}${text}`;
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
 * Statements that `executeInTurn` sends go out together in the same way, and a statement marked to go with the
 * next (`withNextStatement`: a write whose answer nobody reads) is held, as the BEGIN is, until the next statement
 * or the COMMIT; its failure is that statement's or the COMMIT's.
 *
 * Kysely still sends BEGIN, COMMIT and ROLLBACK itself; they are answered here. A transaction that sends no
 * statement is never begun. After a last statement, Kysely's COMMIT is answered with the one already sent; when
 * the statement failed, PostgreSQL has answered that COMMIT with ROLLBACK (a failed transaction cannot commit),
 * nothing of the transaction is kept, and Kysely's ROLLBACK is answered the same way. Any other statement after
 * the last one is refused: it would run outside the transaction.
 */
export function pipeliningTransactions(client: pg.PoolClient): pg.PoolClient {
  if (wrapped.has(client)) return client;
  wrapped.add(client);
  const query = client.query.bind(client) as Query;
  // Statements not sent yet, in order: a BEGIN, writes marked to go with the next statement.
  let held: [string, unknown][] = [];
  let commit: Promise<pg.QueryResult> | null = null;
  const sendHeld = () => {
    const sent = held.map(([text, values]) => query(text, values));
    held = [];
    for (const one of sent) one.catch(() => undefined);
    return sent;
  };
  Object.assign(client, {
    query(text: unknown, values?: unknown) {
      if (commit !== null) {
        const sent = commit;
        commit = null;
        return answeredBySentCommit(sent, text);
      }
      const statement = typeof text === 'string' ? text : '';
      if (/^(begin|start transaction)\b/i.test(statement) || statement.startsWith(withNextMark)) {
        held.push([statement, values]);
        return Promise.resolve(resultOf(statement.startsWith(withNextMark) ? 'SELECT' : 'BEGIN'));
      }
      const beginHeld = held.length > 0 && !held[0]?.[0].startsWith(withNextMark);
      if (/^rollback$/i.test(statement)) {
        // Held statements were never sent: a transaction whose BEGIN is among them was never begun.
        held = [];
        return beginHeld ? Promise.resolve(resultOf('ROLLBACK')) : query(text, values);
      }
      if (/^commit$/i.test(statement) && beginHeld && held.length === 1) {
        held = [];
        return Promise.resolve(resultOf('COMMIT'));
      }
      const last = statement.startsWith(lastStatementMark);
      const together = statement.startsWith(togetherMark);
      if (held.length === 0 && !last && !together) return query(text, values);
      return sentTogether(client, () => {
        const before = sendHeld();
        const answer = together
          ? answersOf(apart(statement, values).map(([one, own]) => query(one, own)))
          : query(text, values);
        if (last) {
          commit = query('COMMIT');
          // Read when Kysely commits or rolls back; until then its failure must not surface as unhandled.
          commit.catch(() => undefined);
        }
        if (before.length === 0) return answer;
        answer.catch(() => undefined);
        return Promise.all(before).then(() => answer);
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
