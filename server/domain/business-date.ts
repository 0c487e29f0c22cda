// The shop trades in the Philippines: "today" on a document number is the Manila calendar day, not UTC's.
const manilaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function businessDate(at: Date): string {
  return manilaDay.format(at);
}
