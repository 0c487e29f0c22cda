import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type CpuSpent, median, perRound } from './cpu-per-request.ts';
import type { Side } from './read-one-side.ts';

// Medians over the rounds, of CPU per request in µs, and of each round's ceiling ÷ read one with its spread.
export type Measured = { readOne: number; ceiling: number; share: number; lowestShare: number; highestShare: number };

export type ReadOneShare = {
  rounds: number;
  process: Measured;
  thread: Measured;
  loadAverage: readonly [number, number];
};

type SideProcess = { round: () => Promise<CpuSpent>; stop: () => void };

// A side of the comparison in its own process (read-one-side.ts), as each server runs in production: its own heap,
// its own collector and its own compiled code, so that neither is charged for the other's garbage.
async function startSide(side: Side, sqlitePath: string, businessId: number, itemId: number): Promise<SideProcess> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'read-one-side.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      READ_ONE_SIDE: side,
      SQLITE_PATH: sqlitePath,
      BUSINESS_ID: String(businessId),
      ITEM_ID: String(itemId),
    },
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`The ${side} side exited with ${code}.`));
      child.once('exit', exited);
      child.once('message', (message) => {
        child.off('exit', exited);
        resolve(message);
      });
    });
  await next();
  return {
    round: () => {
      const answer = next();
      child.send('round');
      return answer as Promise<CpuSpent>;
    },
    stop: () => child.kill(),
  };
}

/**
 * Spectacle's read of one item beside the bare ceiling, each app in its own process and measured in turns (a round
 * of each, the first of the pair swapped every round), so that what the rest of the machine does to one side in a
 * stretch of time it does to the other too. Measured one after the other in separate stretches, the ceiling alone
 * moved by half between runs; built in one process, the two apps shared one heap, and the collections of
 * Spectacle's garbage fell in the ceiling's rounds as often as in its own (docs/PERFORMANCE.md, Read one
 * against the bare ceiling). Spectacle's side is asked as the client asks it: its cookies, CSRF token, X-Requested-With, business
 * and Accept headers, and answers with its security headers. Both the event loop's CPU (the thread a Node server's
 * requests wait for) and the whole process's are kept: V8's helper threads' time swells when other processes
 * crowd the cores, so the event loop's is the steadier figure. No collection is forced between rounds: forcing one
 * made Spectacle's side about a tenth cheaper than it runs.
 */
export async function benchReadOneShare(
  sqlitePath: string,
  businessId: number,
  itemId: number,
  rounds = 21,
): Promise<ReadOneShare> {
  const spectacle = await startSide('spectacle', sqlitePath, businessId, itemId);
  const ceiling = await startSide('ceiling', sqlitePath, businessId, itemId);
  try {
    const load = loadavg()[0] ?? 0;
    // Until the compiler has settled on both sides: the ceiling's first rounds ran at up to twice its later cost.
    for (let warm = 0; warm < 5; warm += 1) {
      await spectacle.round();
      await ceiling.round();
    }
    const pairs: [CpuSpent, CpuSpent][] = [];
    for (let round = 0; round < rounds; round += 1) {
      if (round % 2 === 0) {
        const theirs = await ceiling.round();
        pairs.push([await spectacle.round(), theirs]);
      } else {
        const ours = await spectacle.round();
        pairs.push([ours, await ceiling.round()]);
      }
    }
    return {
      rounds,
      process: measured(pairs.map(([ours, theirs]) => [ours.process, theirs.process])),
      thread: measured(pairs.map(([ours, theirs]) => [ours.thread, theirs.thread])),
      loadAverage: [load, loadavg()[0] ?? 0],
    };
  } finally {
    spectacle.stop();
    ceiling.stop();
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
    `Read one beside the machine's ceiling, each in its own process, alternated (CPU per request, medians of ` +
    `${share.rounds} rounds × ${perRound.toLocaleString('en-US')} each; load average ${before.toFixed(1)} → ${after.toFixed(1)})`
  );
}
