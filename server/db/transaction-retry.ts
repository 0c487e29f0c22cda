// PostgreSQL may abort a transaction that did nothing wrong: a deadlock between two requests that lock order
// lines or counters in different orders (SQLSTATE 40P01), or a serialization failure (40001). The transaction
// was rolled back, so running it again from the start is safe and is PostgreSQL's own advice. Every other error
// belongs to the request and is thrown at once.
const retryableCodes = new Set(['40P01', '40001']);

export const transactionAttempts = 4;

export function isRetryableConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && retryableCodes.has(String(error.code));
}

// The pause grows with each attempt and is jittered, so that the two requests that collided do not meet again.
function jitteredPause(attempt: number): Promise<void> {
  const ms = (5 + Math.random() * 20) * 2 ** attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type RetryOptions = { attempts?: number; pause?: (attempt: number) => Promise<void> };

// `run` must open and finish its own transaction, so that each attempt starts afresh.
export async function retryTransaction<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? transactionAttempts;
  const pause = options.pause ?? jitteredPause;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await pause(attempt);
    }
  }
}
