export type PageWindowEntry = number | 'ellipsis';

const windowThreshold = 10;

// docs/domain/screens.md, Constants (page numbers): every page up to 10 pages; beyond that the first 7 and last 2 near
// the start, the first 2 and last 8 near the end, otherwise the first 2, five pages around the current one, and the
// last 2.
export function pageWindow(current: number, last: number): PageWindowEntry[] {
  if (last <= windowThreshold) return range(1, last);
  if (current <= 6) return [...range(1, 7), 'ellipsis', last - 1, last];
  if (current >= last - 6) return [1, 2, 'ellipsis', ...range(last - 7, last)];
  return [1, 2, 'ellipsis', ...range(current - 2, current + 2), 'ellipsis', last - 1, last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}
