// What a source line still awaits; quantities carry at most 3 decimals, so the difference is rounded to them.
export function remaining(ordered: number, done: number): number {
  return Math.max(0, Math.round((ordered - done) * 1000) / 1000);
}

// The key under which a bill's line from a purchase order carries what its order line received and has not yet
// billed: display-only (the underscore keeps it out of the request), for the form's warning on billing more.
export const receivedUnbilledKey = '_received_unbilled';
