import { describe, expect, it } from 'vitest';
import { type PageWindowEntry, pageWindow } from '../../../src/ui/page-window.ts';

const gap = 'ellipsis';

describe('the page numbers of the pagination bar (docs/domain/screens.md, Constants)', () => {
  const cases: [current: number, last: number, expected: PageWindowEntry[]][] = [
    [1, 1, [1]],
    [3, 5, [1, 2, 3, 4, 5]],
    [10, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [1, 11, [1, 2, 3, 4, 5, 6, 7, gap, 10, 11]],
    [6, 20, [1, 2, 3, 4, 5, 6, 7, gap, 19, 20]],
    [7, 20, [1, 2, gap, 5, 6, 7, 8, 9, gap, 19, 20]],
    [10, 20, [1, 2, gap, 8, 9, 10, 11, 12, gap, 19, 20]],
    [13, 20, [1, 2, gap, 11, 12, 13, 14, 15, gap, 19, 20]],
    [14, 20, [1, 2, gap, 13, 14, 15, 16, 17, 18, 19, 20]],
    [20, 20, [1, 2, gap, 13, 14, 15, 16, 17, 18, 19, 20]],
    [7, 12, [1, 2, gap, 5, 6, 7, 8, 9, 10, 11, 12]],
  ];
  it.each(cases)('page %i of %i', (current, last, expected) => {
    expect(pageWindow(current, last)).toEqual(expected);
  });

  it('always shows the current page, the first and the last', () => {
    for (let last = 1; last <= 40; last += 1) {
      for (let current = 1; current <= last; current += 1) {
        const pages = pageWindow(current, last);
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(last);
      }
    }
  });
});
