// The shop trades in the Philippines: "today" on a document number is the Manila calendar day, not UTC's. Philippine
// Standard Time is UTC+8 all year (no daylight saving since 1978), so the day is read off the moment moved by eight
// hours: the same day Intl gives for Asia/Manila, without Intl's formatting on every document posted.
const manilaOffsetMs = 8 * 60 * 60 * 1000;

export function businessDate(at: Date): string {
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
