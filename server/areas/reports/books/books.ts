import { type RawBuilder, sql } from 'kysely';
import type { Location } from '../../../domain/location.ts';
import { centavosToPesos } from '../../../domain/money.ts';
import { fieldError } from '../../../domain/refusal.ts';
import { addDays } from '../report-scope.ts';

// What the books share (docs/domain/reports.md, The books): the period a book covers, where its documents were
// made, and its figures summed in centavos before they turn into pesos.

export type Period = { from: string; to: string };

const lastDayOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);

function nextMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

// A month of the books (YYYY-MM), this month when left out; a month still to come holds nothing to report.
export function monthPeriod(month: string | undefined, today: string): Period & { month: string } {
  const chosen = month ?? today.slice(0, 7);
  if (chosen > today.slice(0, 7)) throw fieldError('month', 'The month cannot be after this month.');
  return { month: chosen, from: `${chosen}-01`, to: lastDayOf(chosen) };
}

// A quarter (YYYY-Qn), this quarter when left out: its three months.
export function quarterPeriod(quarter: string | undefined, today: string): Period {
  const current = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
  const chosen = quarter ?? current;
  if (chosen > current) throw fieldError('quarter', 'The quarter cannot be after this quarter.');
  const first = (Number(chosen.slice(6)) - 1) * 3 + 1;
  const year = chosen.slice(0, 4);
  return {
    from: `${year}-${String(first).padStart(2, '0')}-01`,
    to: lastDayOf(`${year}-${String(first + 2).padStart(2, '0')}`),
  };
}

// The documents made at the location a book covers: a branch's or a warehouse's, or every one. A document of a
// kind that only branches make (a sale, a drawer's cash) is nowhere when the location is a warehouse.
export function atLocation(location: Location | null, branch: string, warehouse?: string): RawBuilder<unknown> {
  if (location === null) return sql``;
  if (location.branch_id !== null) return sql`AND ${sql.ref(branch)} = ${location.branch_id}`;
  if (warehouse === undefined) return sql`AND 1 = 0`;
  return sql`AND ${sql.ref(warehouse)} = ${location.warehouse_id}`;
}

// A vatable purchase line's VAT, inside its amount as on a sale (docs/domain/sales.md, Philippine VAT): amount ×
// 12 ÷ 112 rounded half up once per line, in integer arithmetic so that both databases round alike.
export const vatInside = (amount: RawBuilder<unknown>) => sql`((${amount}) * 12 + 56) / 112`;

// Sums the named figures of rows in centavos; the totals a book shows.
export function sumFigures<F extends string>(rows: readonly Record<F, number>[], figures: readonly F[]) {
  const totals = Object.fromEntries(figures.map((figure) => [figure, 0])) as Record<F, number>;
  for (const row of rows) for (const figure of figures) totals[figure] += row[figure];
  return totals;
}

// The named figures of a row, from centavos (numbers or the strings PostgreSQL answers sums with) to pesos.
export function inPesos<R extends Record<string, unknown>, F extends string>(row: R, figures: readonly F[]) {
  const pesos = { ...row } as Record<string, unknown>;
  for (const figure of figures) pesos[figure] = centavosToPesos(Number(row[figure] ?? 0));
  return pesos as Omit<R, F> & Record<F, number>;
}

export const asCentavos = <F extends string>(row: Record<string, unknown>, figures: readonly F[]) =>
  Object.fromEntries(figures.map((figure) => [figure, Number(row[figure] ?? 0)])) as Record<F, number>;
