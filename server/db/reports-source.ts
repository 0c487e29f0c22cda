import { type Kysely, sql } from 'kysely';
import type { Database } from './database.ts';

// Where the owner's reports and the CSV exports read (docs/domain/reports.md, Reports from a replica): the primary,
// or a streaming replica named by REPORTS_DATABASE_URL, so that a month's figures over millions of movements never
// take the cores the counter's postings need.
export type ReportsRead = {
  db: Kysely<Database>;
  // Set when the figures come from a replica more than the allowed lag behind: the time they hold to (ISO 8601).
  figuresAt: string | null;
};

export type ReportsSource = { read: () => Promise<ReportsRead>; destroy: () => Promise<void> };

export function primaryReports(primary: Kysely<Database>): ReportsSource {
  return { read: async () => ({ db: primary, figuresAt: null }), destroy: async () => undefined };
}

export type ReplicaOptions = {
  // A replica further behind than this answers with its `figures_at`.
  maxLagMs?: number;
  // How long a replica that did not answer is left alone before it is asked again: the reports meanwhile read the
  // primary at once instead of each waiting for a connection to fail.
  awayMs?: number;
  // How long one look at the replica's position may take before the report reads the primary instead.
  checkTimeoutMs?: number;
  now?: () => number;
  onAway?: (error: Error) => void;
};

// A write-ahead log position, "16/B374D848", as one number, so that two servers' positions compare.
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

type ReplicaPosition = {
  standby: boolean;
  replayed: string | null;
  replayedAt: Date | string | null;
  now: Date | string;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const iso = (value: Date | string) => new Date(value).toISOString();

// The replica is caught up when it has replayed everything the primary had written when the report was asked; it
// lags by the age of its last replayed transaction otherwise, as PostgreSQL's own monitoring reads it. The primary's
// position is read first, so a write committed meanwhile only makes the replica look a little further behind.
export function replicaReports(
  primary: Kysely<Database>,
  replica: Kysely<Database>,
  options: ReplicaOptions = {},
): ReportsSource {
  const maxLagMs = options.maxLagMs ?? 5000;
  const awayMs = options.awayMs ?? 5000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 1000;
  const now = options.now ?? Date.now;
  let awayUntil = 0;
  const onPrimary: ReportsRead = { db: primary, figuresAt: null };

  const read = async (): Promise<ReportsRead> => {
    if (now() < awayUntil) return onPrimary;
    try {
      const written = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
      const position = await withTimeout(
        sql<ReplicaPosition>`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
          pg_last_xact_replay_timestamp() as "replayedAt", now() as now`.execute(replica),
        checkTimeoutMs,
      );
      const at = position.rows[0];
      const primaryAt = written.rows[0]?.lsn;
      // Not a standby (promoted, or a copy that is not streaming): its figures hold to when it was asked.
      if (!at?.standby || at.replayed === null || primaryAt === undefined) return { db: replica, figuresAt: null };
      if (lsnValue(at.replayed) >= lsnValue(primaryAt)) return { db: replica, figuresAt: null };
      const replayedAt = at.replayedAt === null ? null : new Date(at.replayedAt);
      const lagMs = replayedAt === null ? Number.POSITIVE_INFINITY : new Date(at.now).getTime() - replayedAt.getTime();
      if (lagMs <= maxLagMs) return { db: replica, figuresAt: null };
      // A replica that has replayed nothing yet holds no figures worth showing.
      if (replayedAt === null) return onPrimary;
      return { db: replica, figuresAt: iso(replayedAt) };
    } catch (error) {
      awayUntil = now() + awayMs;
      options.onAway?.(error instanceof Error ? error : new Error(String(error)));
      return onPrimary;
    }
  };
  return { read, destroy: () => replica.destroy() };
}
