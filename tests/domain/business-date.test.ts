import { describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';

// The business day is Manila's calendar day, whatever the server's own time zone (server/domain/business-date.ts).
const manila = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('the business day', () => {
  it("is the day Manila's calendar shows, around midnight there and at random moments from 1980 to 2100", () => {
    const from = Date.UTC(1980, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    const moments = Array.from({ length: 5_000 }, () => new Date(from + Math.random() * (to - from)));
    // The summer of 1990, when Manila last kept daylight saving time.
    for (let hour = 0; hour < 24 * 120; hour += 1) moments.push(new Date(Date.UTC(1990, 4, 1) + hour * 3_600_000));
    // Manila's midnight is 16:00 UTC: a minute either side of it, on days across the years.
    for (let day = 0; day < 200; day += 1) {
      const midnight = Date.UTC(2026, 0, 1, 16) + day * 37 * 86_400_000;
      moments.push(new Date(midnight - 60_000), new Date(midnight), new Date(midnight + 60_000));
    }
    for (const at of moments) expect(businessDate(at), at.toISOString()).toBe(manila.format(at));
  });

  it('turns at 16:00 UTC', () => {
    expect(businessDate(new Date('2026-11-29T15:59:59.999Z'))).toBe('2026-11-29');
    expect(businessDate(new Date('2026-11-29T16:00:00.000Z'))).toBe('2026-11-30');
  });
});
