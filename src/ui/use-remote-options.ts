import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

export type RemoteSearch<T> = (text: string, signal: AbortSignal) => Promise<T[]>;

export const searchDebounceMs = 350;

// A picker asks the server once the typing pauses this long; until the answer comes it shows the matches among the
// answers it already holds (docs/domain/screens.md, Constants).
export const pickerDebounceMs = 100;

// docs/domain/screens.md, Constants: Clear Search's state follows a change, and a clear searches again, after this
// delay.
export const clearSearchDelayMs = 100;

const heldLimit = 15;

// Where a picker's answers are held: under `key` and the text they answer, in the app's query cache, so that every
// picker of the same search (each line's item picker) draws on them; the option's text is what typing filters.
export type HeldAnswers<T> = { key?: readonly unknown[]; textOf: (option: T) => string };

const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

// Runs the search as the text settles; a newer text aborts the request of an older one so that results never
// arrive out of order. Until the server answers, the options already held that hold every typed word show at once:
// on a phone the server's answer is a round trip away, the held ones a frame.
export function useRemoteOptions<T>(search: RemoteSearch<T>, text: string, active: boolean, held: HeldAnswers<T>) {
  const queryClient = useQueryClient();
  const ownKey = useId();
  const key = held.key ?? ['remote-options', ownKey];
  const keyText = JSON.stringify(key);
  const settled = useDebouncedValue(text, pickerDebounceMs);
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is followed by its text, a new array each render.
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    setLoading(true);
    search(settled, controller.signal)
      .then((found) => {
        if (controller.signal.aborted) return;
        queryClient.setQueryData([...key, settled], found);
        setOptions(found);
      })
      .catch(() => {
        if (!controller.signal.aborted) setOptions([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [search, settled, active, queryClient, keyText]);
  // While the text has not settled the options on show belong to an older text.
  const waiting = loading || settled !== text;
  if (!waiting) return { options, loading: false };
  const matches = heldMatches(queryClient.getQueriesData<T[]>({ queryKey: key }), text, held.textOf);
  return { options: matches, loading: matches.length === 0 };
}

// The held answer to this very text as it was, else the held options holding every typed word, the answers to the
// longest texts first (the most particular), each option once.
function heldMatches<T>(answers: [readonly unknown[], T[] | undefined][], text: string, textOf: (option: T) => string) {
  const typed = text.trim().toLowerCase();
  const asked = (queryKey: readonly unknown[]) =>
    String(queryKey.at(-1) ?? '')
      .trim()
      .toLowerCase();
  const exact = answers.find(([queryKey]) => asked(queryKey) === typed)?.[1];
  if (exact) return exact;
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const byLength = [...answers].sort(([a], [b]) => asked(b).length - asked(a).length);
  const seen = new Set<string>();
  const matches: T[] = [];
  for (const [, found] of byLength) {
    for (const option of found ?? []) {
      const optionText = textOf(option);
      const lower = optionText.toLowerCase();
      if (seen.has(optionText) || !words.every((word) => lower.includes(word))) continue;
      seen.add(optionText);
      matches.push(option);
      if (matches.length === heldLimit) return matches;
    }
  }
  return matches;
}
