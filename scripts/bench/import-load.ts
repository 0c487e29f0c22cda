import Papa from 'papaparse';
import { printTable } from './table.ts';

type Headers = Record<string, string>;

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

// Reads a shop makes all day, asked by `clients` callers one after another until `until()` says stop: each
// request's milliseconds.
async function readsUntil(base: string, headers: Headers, paths: string[], clients: number, until: () => boolean) {
  const durations: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; !until(); n += clients) {
        const started = performance.now();
        const answer = await fetch(`${base}${paths[n % paths.length]}`, { headers });
        await answer.arrayBuffer();
        if (!answer.ok) failures += 1;
        durations.push(performance.now() - started);
      }
    }),
  );
  return { durations: durations.sort((a, b) => a - b), failures };
}

/**
 * Imports `rows` items in one CSV while four callers keep reading (the items list, a search, one item, the
 * brands): the reads' p50, p99 and worst during the import, against the same reads for as long with nothing else
 * running, and how long the import took. On SQLite the import writes in a worker thread of its own.
 */
export async function benchImportLoad(
  base: string,
  read: Headers,
  write: Headers,
  sampleItemId: number,
  rows: number,
): Promise<void> {
  const paths = ['/api/items?page=1', '/api/items?search=ray', `/api/items/${sampleItemId}`, '/api/brands'];
  const stamp = Date.now().toString(36);
  const csv = Papa.unparse(
    Array.from({ length: rows }, (_, n) => ({
      code: `IMPORT-${stamp}-${n + 1}`,
      name: `Imported frame ${stamp} ${n + 1}`,
      brand: 'Ray-Ban',
      item_type: 'Frame',
      unit_of_measurement: 'Piece',
    })),
  );
  let importing = true;
  const started = performance.now();
  const imported = fetch(`${base}/api/items/import`, {
    method: 'POST',
    headers: { ...write, 'Content-Type': 'text/csv' },
    body: csv,
  }).then(async (answer) => {
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    return { status: answer.status, body: await answer.text(), seconds };
  });
  const during = await readsUntil(base, read, paths, 4, () => !importing);
  const outcome = await imported;
  if (outcome.status !== 201) throw new Error(`The import answered ${outcome.status}: ${outcome.body.slice(0, 300)}`);
  const quietEnd = performance.now() + outcome.seconds * 1000;
  const quiet = await readsUntil(base, read, paths, 4, () => performance.now() > quietEnd);
  const line = (label: string, figures: typeof during) => [
    label,
    figures.durations.length.toLocaleString('en-US'),
    percentile(figures.durations, 0.5).toFixed(1),
    percentile(figures.durations, 0.99).toFixed(1),
    (figures.durations.at(-1) ?? 0).toFixed(1),
    String(figures.failures),
  ];
  printTable(
    `Reads by 4 callers while ${rows.toLocaleString('en-US')} items import (${outcome.seconds.toFixed(1)} s, ${(rows / outcome.seconds).toFixed(0)} rows/s) (ms)`,
    ['reads', 'requests', 'p50', 'p99', 'worst', 'non-2xx'],
    [line('during the import', during), line('as long, nothing else running', quiet)],
  );
}
