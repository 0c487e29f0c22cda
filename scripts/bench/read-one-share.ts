import { resolve } from 'node:path';
import { openBenchDatabase, sqlitePathOf } from './bench-database.ts';
import { benchReadOneShare, shareHeader, shareRows, shareTitle } from './read-one-ceiling.ts';
import { printTable } from './table.ts';

// Read one's server CPU per request beside the bare Fastify + SQLite ceiling, each in its own process, alternated
// ROUNDS times (default 21), RUNS times (default 1), injected and over HTTP (OVER=inject or OVER=http for one), on the bench's reads database of BENCH_ITEMS items (default
// 2,000; built on first use) in BENCH_DIR (default .bench). Quicker than `BENCH_ONLY=reads npm run bench` for this
// one figure, and small enough to profile: `NODE_OPTIONS=--cpu-prof npx tsx scripts/bench/read-one-share.ts`
// leaves one profile for each side.
const items = Number(process.env.BENCH_ITEMS ?? 2_000);
const data = { name: `bench-${items}`, items, stockedItems: Math.min(items, 100_000) };
const path = sqlitePathOf(resolve(process.env.BENCH_DIR ?? resolve(import.meta.dirname, '../../.bench')), data);
const bench = await openBenchDatabase({ kind: 'sqlite', path }, data, false);
const rounds = Number(process.env.ROUNDS ?? 21);
const runs = Number(process.env.RUNS ?? 1);
const transports = (['inject', 'http'] as const).filter((transport) => (process.env.OVER ?? transport) === transport);
for (let run = 0; run < runs; run += 1) {
  for (const transport of transports) {
    const share = await benchReadOneShare(path, bench.businessId, bench.sampleItemId, rounds, transport);
    printTable(shareTitle(share), shareHeader, shareRows(share));
  }
}
await bench.db.destroy();
