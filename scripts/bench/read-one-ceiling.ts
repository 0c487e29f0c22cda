import { loadavg } from 'node:os';
import Sqlite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { type CpuSpent, cpuPerRequest, median, perRound, signedInHeaders } from './cpu-per-request.ts';

// Medians over the rounds, of CPU per request in µs, and of each round's ceiling ÷ read one with its spread.
export type Measured = { readOne: number; ceiling: number; share: number; lowestShare: number; highestShare: number };

export type ReadOneShare = {
  rounds: number;
  process: Measured;
  thread: Measured;
  loadAverage: readonly [number, number];
};

// The machine's ceiling for reading one record: a bare Fastify app (no plugins, no hooks, no headers asked or
// set) answering a prepared primary-key read of the same item from the same SQLite file with JSON.stringify.
async function bareReadApp(sqlitePath: string): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const sqlite = new Sqlite(sqlitePath, { readonly: true });
  const app = Fastify({ logger: false });
  const read = sqlite.prepare('SELECT * FROM items WHERE id = ?');
  app.get('/items/:id', async (request, reply) => {
    const row = read.get(Number((request.params as { id: string }).id));
    if (!row) return reply.status(404).send({ message: 'Not Found.' });
    return row;
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      sqlite.close();
    },
  };
}

/**
 * Spectacle's read of one item beside the bare ceiling, both apps built in this process and measured in turns
 * (a round of each, the first of the pair swapped every round), so that what the rest of the machine does to
 * one side in a stretch of time it does to the other too. Measured one after the other in separate stretches,
 * the ceiling alone moved by half between runs. Spectacle's side is asked as the client asks it: its cookies,
 * CSRF token, X-Requested-With, business and Accept headers, and answers with its security headers. Both the
 * event loop's CPU (the thread a Node server's requests wait for) and the whole process's are kept: V8's helper
 * threads' time swells when other processes crowd the cores, so the event loop's is the steadier figure. No
 * collection is forced between rounds: forcing one made Spectacle's side about a tenth cheaper than it runs.
 */
export async function benchReadOneShare(
  db: Kysely<Database>,
  businessId: number,
  sqlitePath: string,
  itemId: number,
  rounds = 15,
): Promise<ReadOneShare> {
  const spectacle = await buildApp({ db, passwordCost: owaspScryptCost });
  const bare = await bareReadApp(sqlitePath);
  try {
    const headers = await signedInHeaders(spectacle, businessId);
    const readOne = () => cpuPerRequest(spectacle, () => `/api/items/${itemId}`, headers);
    const ceiling = () => cpuPerRequest(bare.app, () => `/items/${itemId}`, {});
    const load = loadavg()[0] ?? 0;
    for (let warm = 0; warm < 2; warm += 1) {
      await readOne();
      await ceiling();
    }
    const pairs: [CpuSpent, CpuSpent][] = [];
    for (let round = 0; round < rounds; round += 1) {
      if (round % 2 === 0) {
        const theirs = await ceiling();
        pairs.push([await readOne(), theirs]);
      } else {
        const ours = await readOne();
        pairs.push([ours, await ceiling()]);
      }
    }
    return {
      rounds,
      process: measured(pairs.map(([ours, theirs]) => [ours.process, theirs.process])),
      thread: measured(pairs.map(([ours, theirs]) => [ours.thread, theirs.thread])),
      loadAverage: [load, loadavg()[0] ?? 0],
    };
  } finally {
    await spectacle.close();
    await bare.close();
  }
}

function measured(rounds: readonly (readonly [number, number])[]): Measured {
  const shares = rounds.map(([ours, theirs]) => theirs / ours);
  return {
    readOne: median(rounds.map(([ours]) => ours)),
    ceiling: median(rounds.map(([, theirs]) => theirs)),
    share: median(shares),
    lowestShare: Math.min(...shares),
    highestShare: Math.max(...shares),
  };
}

export const shareHeader = ['', 'event loop µs', 'whole process µs'];

export function shareRows(share: ReadOneShare): string[][] {
  const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
  const both = (figure: (measure: Measured) => string) => [figure(share.thread), figure(share.process)];
  return [
    ['items: read one', ...both((measure) => String(Math.round(measure.readOne)))],
    ['bare Fastify + SQLite primary-key read (the ceiling)', ...both((measure) => String(Math.round(measure.ceiling)))],
    [
      'share: ceiling ÷ read one, median of the rounds (lowest-highest)',
      ...both(
        (measure) => `${percent(measure.share)} (${percent(measure.lowestShare)}-${percent(measure.highestShare)})`,
      ),
    ],
  ];
}

export function shareTitle(share: ReadOneShare): string {
  const [before, after] = share.loadAverage;
  return (
    `Read one beside the machine's ceiling, alternated in one process (CPU per request, medians of ` +
    `${share.rounds} rounds × ${perRound.toLocaleString('en-US')} each; load average ${before.toFixed(1)} → ${after.toFixed(1)})`
  );
}
