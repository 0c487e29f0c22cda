import { readFileSync } from 'node:fs';
import { printTable } from './table.ts';

// The server's resident memory in MiB, from /proc (Linux), or null where there is none.
function residentMiB(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null;
  } catch {
    return null;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Downloads the whole items list as CSV (`Accept: text/csv`) a few times, timing each download and sampling the
 * server's resident memory while it streams: a flat peak shows the rows are not gathered in memory first.
 */
export async function benchCsvExport(base: string, headers: Record<string, string>, pid: number): Promise<void> {
  const times: number[] = [];
  let rows = 0;
  let bytes = 0;
  const before = residentMiB(pid);
  let peak = before ?? 0;
  for (let run = 0; run < 3; run += 1) {
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMiB(pid) ?? 0);
    }, 20);
    const started = performance.now();
    const answer = await fetch(`${base}/api/items`, { headers: { ...headers, Accept: 'text/csv' } });
    const text = await answer.text();
    times.push((performance.now() - started) / 1000);
    clearInterval(sampler);
    bytes = text.length;
    rows = text.split('\r\n').filter((line) => line !== '').length - 1;
  }
  printTable(
    'CSV export of the whole items list (median of 3 downloads)',
    ['rows', 'MiB sent', 'seconds', 'rows/s', 'server RSS before', 'server RSS peak'],
    [
      [
        rows.toLocaleString('en-US'),
        (bytes / 1024 / 1024).toFixed(1),
        median(times).toFixed(2),
        (rows / median(times)).toFixed(0),
        before === null ? '-' : `${before.toFixed(0)} MiB`,
        before === null ? '-' : `${peak.toFixed(0)} MiB`,
      ],
    ],
  );
}
