// What a source line still awaits; quantities carry at most 3 decimals, so the difference is rounded to them.
export function remaining(ordered: number, done: number): number {
  return Math.max(0, Math.round((ordered - done) * 1000) / 1000);
}
