import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
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

// A read sent ahead starts with this comment and its number, by which the connection finds whom to answer.
const aheadMark = '/* ahead ';

// A read held until the next statement goes out: its rows once answered, its check's refusal otherwise.
class AheadRead {
  readonly answer: Promise<unknown[]>;
  // Sends everything held on its connection, this read with it: set while the read is held.
  send: (() => void) | null = null;
  private settle: { resolve(rows: unknown[]): void; reject(error: unknown): void } | null = null;

  constructor(private readonly check: ((rows: unknown[]) => void) | undefined) {
    this.answer = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Read by whoever awaits the rows, if anyone does; the statement it went with fails by it too.
    this.answer.catch(() => undefined);
  }

  // Answers with the sent statement, or with what its check throws.
  answeredBy(sent: Promise<pg.QueryResult>): Promise<unknown[]> {
    this.send = null;
    sent.then(
      (result) => {
        try {
          this.check?.(result.rows);
          this.settle?.resolve(result.rows);
        } catch (refused) {
          this.settle?.reject(refused);
        }
      },
      (error: unknown) => this.settle?.reject(error),
    );
    return this.answer;
  }

  neverSent(): void {
    this.send = null;
    this.settle?.reject(new Error('A read sent ahead was never sent: its transaction ended first.'));
  }

  get checked(): boolean {
    return this.check !== undefined;
  }
}

const registered = new Map<string, AheadRead>();
let aheadCount = 0;

export type SentAhead<Row> = { rows(): Promise<Row[]> };

/**
 * Sends `query`, a read, with the transaction's next statement instead of on its own, and answers at once; its rows
 * come when asked for (a read still held is then sent by itself). `check` runs on the rows when they arrive, and what
 * it throws fails the statement the read went with, so that a refusal comes before anything that statement's answer
 * would start; a transaction never commits while a checked read is unanswered. On SQLite, and outside a transaction,
 * the read runs at once and its check with it. For reads a transaction needs but need not wait for right away: the
 * closed day's lock and reading, the stock rows' lock before the document that moves them is written.
 */
export async function sendAhead<Row>(
  db: Kysely<Database>,
  query: Compilable<Row> | CompiledQuery<Row>,
  check?: (rows: Row[]) => void,
): Promise<SentAhead<Row>> {
  const compiled = 'compile' in query ? query.compile() : query;
  const ahead = new AheadRead(check as ((rows: unknown[]) => void) | undefined);
  const ranAtOnce = await holdOrRun(db, compiled, ahead);
  if (ranAtOnce !== null) {
    check?.(ranAtOnce);
    return { rows: () => Promise.resolve(ranAtOnce) };
  }
  return {
    rows: () => {
      ahead.send?.();
      return ahead.answer as Promise<Row[]>;
    },
  };
}

// Hands the read to its transaction's pipelining connection to hold, answering null; or runs it at once and answers
// its rows: on SQLite, outside a transaction, or on a connection that does not pipeline (it leaves the read
// registered).
async function holdOrRun<Row>(
  db: Kysely<Database>,
  compiled: CompiledQuery<Row>,
  ahead: AheadRead,
): Promise<Row[] | null> {
  if (dialectOf(db) === 'sqlite' || !db.isTransaction) return (await db.executeQuery(compiled)).rows;
  aheadCount += 1;
  const token = String(aheadCount);
  registered.set(token, ahead);
  try {
    const { rows } = await db.executeQuery<Row>({ ...compiled, sql: `${aheadMark}${token} */ ${compiled.sql}` });
    return registered.has(token) ? rows : null;
  } finally {
    registered.delete(token);
  }
}

type Query = (text: unknown, values?: unknown) => Promise<pg.QueryResult>;

/**
 * A transaction's BEGIN and COMMIT travel with its statements instead of each costing a round trip of its own
 * (node-postgres' `pipeline`): the BEGIN goes out with the transaction's first statement, and the COMMIT with a
 * statement marked as the last. Each round trip costs the server a write that wakes a PostgreSQL backend, and
 * for the short statements of a posting those writes were most of its time (docs/PERFORMANCE.md, What moved the numbers).
 *
 * The COMMIT matters most: a posting that numbers its document last holds the series' counter rows from that
 * statement to its COMMIT, and every other posting of the series waits. Sent after the statement's answer, the
 * COMMIT leaves only once the event loop, busy with other requests, runs the code that sends it; pipelined,
 * PostgreSQL runs it as soon as the statement ends.
 *
 * A statement marked to go with the next (`withNextStatement`: a write whose answer nobody reads) and a read sent
 * ahead (`sendAhead`) are held, as the BEGIN is, until the next statement or the COMMIT; a held write's failure is
 * that statement's or the COMMIT's, and so is a held read's failure or its check's refusal. A COMMIT waits for the
 * answers of checked reads held before it.
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
  // Statements not sent yet, in order: a BEGIN, writes marked to go with the next statement, reads sent ahead.
  let held: Held[] = [];
  let commit: Promise<pg.QueryResult> | null = null;
  const sendHeld = () => {
    const sent = held.map(({ text, values, ahead }) =>
      ahead ? ahead.answeredBy(query(text, values)) : query(text, values),
    );
    held = [];
    for (const one of sent) one.catch(() => undefined);
    return sent;
  };
  const sendHeldNow = () => sentTogether(client, sendHeld);
  const pipelined = (text: unknown, values?: unknown): Promise<unknown> => {
    if (commit !== null) {
      const sent = commit;
      commit = null;
      return answeredBySentCommit(sent, text);
    }
    const statement = typeof text === 'string' ? text : '';
    if (/^(begin|start transaction)\b/i.test(statement) || statement.startsWith(withNextMark)) {
      held.push({ text: statement, values, ahead: null });
      return Promise.resolve(resultOf(statement.startsWith(withNextMark) ? 'SELECT' : 'BEGIN'));
    }
    if (statement.startsWith(aheadMark)) {
      const end = statement.indexOf(' */ ');
      const token = statement.slice(aheadMark.length, end);
      const ahead = registered.get(token);
      if (!ahead) throw new Error('A read sent ahead was not registered.');
      registered.delete(token);
      ahead.send = sendHeldNow;
      // Sent without its number, so that it is prepared once (db/prepared-statements.ts).
      held.push({ text: statement.slice(end + ' */ '.length), values, ahead });
      return Promise.resolve(resultOf('SELECT'));
    }
    const beginHeld = held.length > 0 && /^(begin|start)/i.test(held[0]?.text ?? '');
    if (/^rollback$/i.test(statement)) {
      // Held statements were never sent: a transaction whose BEGIN is among them was never begun.
      for (const { ahead } of held) ahead?.neverSent();
      held = [];
      return beginHeld ? Promise.resolve(resultOf('ROLLBACK')) : query(text, values);
    }
    if (/^commit$/i.test(statement) && beginHeld && held.length === 1) {
      held = [];
      return Promise.resolve(resultOf('COMMIT'));
    }
    const last = statement.startsWith(lastStatementMark);
    // A checked read's refusal must come before anything commits: it is sent and answered first.
    if ((last || /^commit$/i.test(statement)) && held.some(({ ahead }) => ahead?.checked)) {
      return Promise.all(sendHeldNow()).then(() => pipelined(text, values));
    }
    if (held.length === 0 && !last) return query(text, values);
    return sentTogether(client, () => {
      const before = sendHeld();
      const answer = query(text, values);
      if (last) {
        commit = query('COMMIT');
        // Read when Kysely commits or rolls back; until then its failure must not surface as unhandled.
        commit.catch(() => undefined);
      }
      if (before.length === 0) return answer;
      answer.catch(() => undefined);
      return Promise.all(before).then(() => answer);
    });
  };
  Object.assign(client, { query: pipelined });
  return client;
}

type Held = { text: string; values: unknown; ahead: AheadRead | null };

const wrapped = new WeakSet<pg.PoolClient>();

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
