import autocannon from 'autocannon';

export type Figures = { perSecond: number; p50: number; p99: number; failures: number };

export type HttpLoad = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  // A new body for every request, so that postings do not all drain the same stock rows.
  bodyFor?: () => string;
  // A new path (and query) for every request, so that no two ask the same.
  pathFor?: () => string;
  // Headers of each request besides `headers`: a fresh Idempotency-Key, as the app sends with every document.
  headersFor?: () => Record<string, string>;
};

// autocannon drives the server over loopback from this process; the figures are its own percentiles.
export async function measureHttp(load: HttpLoad): Promise<Figures> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: load.headers,
    method: load.method ?? 'GET',
    ...(load.bodyFor || load.pathFor || load.headersFor
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(load.bodyFor ? { body: load.bodyFor() } : {}),
                ...(load.pathFor ? { path: load.pathFor() } : {}),
                ...(load.headersFor ? { headers: { ...load.headers, ...load.headersFor() } } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

// The same work called straight, one call at a time, for `seconds`: the floor that the API's figures stand on.
export async function measureDirect(seconds: number, work: () => Promise<unknown>): Promise<Figures> {
  const durations: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await work();
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const total = durations.reduce((sum, duration) => sum + duration, 0);
  return {
    perSecond: (durations.length / total) * 1000,
    p50: percentile(durations, 0.5),
    p99: percentile(durations, 0.99),
    failures: 0,
  };
}

// The value below which `fraction` of the sorted durations fall.
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

export type OneAtATime = { durations: number[]; failures: number; flagged: number };

// One person asking: a GET after another for `seconds` (at least 5 requests, at most `most`); the durations come back
// sorted, with how many answers failed and how many `flag` marked.
export async function measureOneAtATime(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  options: { most?: number; flag?: (body: unknown) => boolean } = {},
): Promise<OneAtATime> {
  const durations: number[] = [];
  let failures = 0;
  let flagged = 0;
  const end = performance.now() + seconds * 1000;
  while ((performance.now() < end || durations.length < 5) && durations.length < (options.most ?? Infinity)) {
    const started = performance.now();
    const answer = await fetch(url, { headers });
    const text = await answer.text();
    if (!answer.ok) failures += 1;
    if (options.flag?.(JSON.parse(text))) flagged += 1;
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { durations, failures, flagged };
}

// The time one core takes for a fixed piece of work (3 × 10⁸ additions). A shared machine runs faster or slower
// from hour to hour with what else its host runs: this loop has taken 350 to 627 ms within two hours.
// Figures of two runs compare only beside it; the bench prints it before and after.
export function machinePace(): number {
  const started = performance.now();
  let sum = 0;
  for (let step = 0; step < 300_000_000; step += 1) sum += step % 7;
  const elapsed = performance.now() - started;
  // The sum is used, so that the compiler cannot drop the loop.
  if (sum < 0) throw new Error('The pace loop overflowed.');
  return elapsed;
}
