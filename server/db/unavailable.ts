// "The database cannot be reached" as opposed to "this request went wrong": the first answers 503 with Retry-After
// (the shop may try again in a moment, and nothing was saved), the second stays a 500 or a 4xx.

// Seconds a client is asked to wait: long enough for a restart or a failover, short enough for a cashier to retry.
export const databaseRetryAfterSeconds = 5;

// Thrown for any failure to obtain a connection: refused, timed out, or refused by the server itself (database
// not accepting connections, too many clients, shutting down). Nothing of the request ran.
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database cannot be reached.', { cause });
  }
}

// PostgreSQL: class 08 (connection exception), 53300 (too many connections), 57P01-57P03 (the backend was
// terminated, crashed or is starting up). SQLite: the file stays locked by another connection beyond the busy
// timeout, is read-only, cannot be opened or the disk fails or is full.
const postgresCodes = /^(08...|53300|57P0[123])$/;
const sqliteCodes = /^SQLITE_(BUSY|LOCKED|READONLY|CANTOPEN|IOERR|FULL)(_|$)/;
// Node's socket errors and the messages node-postgres gives a connection that ended under a query.
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const lostConnectionMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (postgresCodes.test(code) || sqliteCodes.test(code) || socketCodes.has(code)) return true;
  return lostConnectionMessages.some((message) => error.message.startsWith(message));
}
