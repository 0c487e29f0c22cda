import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type CpuSpent, median, perRound } from './cpu-per-request.ts';
import type { Listening, Side, Transport } from './read-one-side.ts';

// Medians over the rounds, of CPU per request in µs, and of each round's ceiling ÷ read one with its spread.
export type Measured = { readOne: number; ceiling: number; share: number; lowestShare: number; highestShare: number };

export type ReadOneShare = {
  transport: Transport;
  rounds: number;
  process: Measured;
  thread: Measured;
  loadAverage: readonly [number, number];
};

type SideProcess = { round: () => Promise<CpuSpent>; stop: () => void };

// A side of the comparison in its own process (read-one-side.ts), as each server runs in production: its own heap,
// its own collector and its own compiled code, so that neither is charged for the other's garbage.
async function startSide(
  side: Side,
  sqlitePath: string,
  businessId: number,
  itemId: number,
  transport: Transport,
): Promise<SideProcess> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'read-one-side.ts'), {
    execArgv: ['--import', 'tsx'],
    // Spectacle's side logs every request to its stdout, as the server does; the log is not read.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      READ_ONE_SIDE: side,
      READ_ONE_OVER: transport,
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
  const ready = await next();
  if (transport === 'http') {
    const { url, headers } = ready as Listening;
    const pid = child.pid ?? 0;
    return { round: () => httpRound(pid, url, headers), stop: () => child.kill() };
  }
  return {
    round: () => {
      const answer = next();
      child.send('round');
      return answer as Promise<CpuSpent>;
    },
    stop: () => child.kill(),
  };
}

// Over HTTP a round is `perRound` × httpRoundScale requests from 10 connections (autocannon, in this process), and
// its CPU is what the server process spent meanwhile, read from /proc: its threads' time on a core from their
// schedstat (nanoseconds, where /proc/<pid>/stat counts hundredths of a second), the event loop's thread alone and
// all of them. The server's idle timers cost nothing beside a round's requests.
const httpRoundScale = 4;
const httpConnections = 10;

async function httpRound(pid: number, url: string, headers: Record<string, string>): Promise<CpuSpent> {
  const before = threadTimes(pid);
  const requests = perRound * httpRoundScale;
  const result = await autocannon({ url, headers, connections: httpConnections, amount: requests });
  const after = threadTimes(pid);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url} failed ${failed} of ${requests} requests.`);
  const spent = (thread: (times: Map<number, number>) => number) => (thread(after) - thread(before)) / 1000 / requests;
  const all = (times: Map<number, number>) => [...times.values()].reduce((sum, time) => sum + time, 0);
  return {
    process: spent(all),
    thread: spent((times) => times.get(pid) ?? 0),
  };
}

// Each thread's time on a core so far (ns), by thread id; a thread gone between two reads leaves the sum.
function threadTimes(pid: number): Map<number, number> {
  const times = new Map<number, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const [onCore] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
      times.set(Number(task), Number(onCore));
    } catch {
      // The thread ended after the listing.
    }
  }
  return times;
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
 * made Spectacle's side about a tenth cheaper than it runs. `inject` measures the app alone (light-my-request's
 * own cost included on both sides); `http` as a user's request comes, over a socket with the request's parsing and
 * the answer's writing, Spectacle logging each request as the server does, the CPU read from /proc.
 */
export async function benchReadOneShare(
  sqlitePath: string,
  businessId: number,
  itemId: number,
  rounds = 21,
  transport: Transport = 'inject',
): Promise<ReadOneShare> {
  const spectacle = await startSide('spectacle', sqlitePath, businessId, itemId, transport);
  const ceiling = await startSide('ceiling', sqlitePath, businessId, itemId, transport);
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
      transport,
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
  const how =
    share.transport === 'http'
      ? `over HTTP from ${httpConnections} connections, server CPU from /proc`
      : 'injected, CPU in process';
  const requests = perRound * (share.transport === 'http' ? httpRoundScale : 1);
  return (
    `Read one beside the machine's ceiling, each in its own process, alternated, ${how} (CPU per request, medians ` +
    `of ${share.rounds} rounds × ${requests.toLocaleString('en-US')} each; load average ${before.toFixed(1)} → ` +
    `${after.toFixed(1)})`
  );
}
