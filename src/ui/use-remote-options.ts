import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

export type RemoteSearch<T> = (text: string, signal: AbortSignal) => Promise<T[]>;

export const searchDebounceMs = 350;

// docs/domain/screens.md, Constants: Clear Search's state follows a change, and a clear searches again, after this
// delay.
export const clearSearchDelayMs = 100;

// Runs the search as the text settles; a newer text aborts the request of an older one so that results never
// arrive out of order.
export function useRemoteOptions<T>(search: RemoteSearch<T>, text: string, active: boolean) {
  const settled = useDebouncedValue(text, searchDebounceMs);
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    setLoading(true);
    search(settled, controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setOptions(found);
      })
      .catch(() => {
        if (!controller.signal.aborted) setOptions([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [search, settled, active]);
  // While the text has not settled the options on show belong to an older text: report them as loading.
  return { options, loading: loading || settled !== text };
}
