import { madeOnUse } from './made-on-use.ts';

const day = madeOnUse(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const moment = madeOnUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

// Document dates are calendar days (YYYY-MM-DD): read them as UTC so that no time zone moves them a day.
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? value : day().format(parsed);
}

export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : moment().format(parsed);
}

export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

const manilaDay = madeOnUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Manila',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

// The day the server stamps on a document number: the shop's calendar day in Manila, wherever the browser is.
export function businessDayIso(now: Date = new Date()): string {
  return manilaDay().format(now);
}
