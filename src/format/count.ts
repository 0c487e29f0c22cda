// "1 row", "2 rows": a count with its noun in the number it needs.
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-PH')} ${count === 1 ? singular : plural}`;
}
