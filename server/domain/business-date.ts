// The shop trades in the Philippines: "today" on a document number is the Manila calendar day, not UTC's.
const manilaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Philippine Standard Time has been UTC+8 all year since daylight saving last ended (31 July 1990), so a moment
// since then gives its day moved by eight hours, without Intl's formatting on every document posted; an earlier
// moment asks Intl.
const manilaOffsetMs = 8 * 60 * 60 * 1000;
const fixedOffsetSinceMs = Date.UTC(1991, 0, 1);

export function businessDate(at: Date): string {
  if (at.getTime() < fixedOffsetSinceMs) return manilaDay.format(at);
  return new Date(at.getTime() + manilaOffsetMs).toISOString().slice(0, 10);
}

const manilaClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// A moment as a Manila wall clock reads it, "2026-11-25 14:03:07", for people (CSV exports).
export function manilaTimestamp(at: Date): string {
  const part = Object.fromEntries(manilaClock.formatToParts(at).map((piece) => [piece.type, piece.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
