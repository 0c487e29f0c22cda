import type { z } from 'zod';
import type { Identity } from '../../auth/identity.ts';
import { fieldError } from '../../domain/refusal.ts';
import type { EngineOptions } from '../../engine/routes.ts';

export type Report = { rows: Record<string, unknown>[]; totals: Record<string, unknown> };
export type Asked = { db: EngineOptions['db']; businessId: number; identity: Identity; today: string };

// An owner's report (docs/domain/reports.md), declared beside its query as `export const <camelName>OwnerReport`:
// `npm run generate` lists it (owner-report-list.ts) in the order openapi/reports/owner-reports.yaml gives its path.
// A CSV column headed as the BIR's forms name it (the books, docs/domain/reports.md#the-books); money with two
// decimals, as a form is filled.
export type CsvColumn = { field: string; header: string; money?: boolean };

export type OwnerReport<S extends z.ZodType> = {
  // The path `/api/reports/{name}` and the permission `view-report-{name}`, which the catalogue seeds.
  name: string;
  query: S;
  run: (asked: Asked, query: z.output<S>) => Promise<Report>;
  // The CSV's columns and headers; without them, the JSON rows' keys.
  csv?: readonly CsvColumn[];
};

export const ownerReport = <S extends z.ZodType>(definition: OwnerReport<S>) => definition;

export const longestSpanDays = 366;

export function notAfterToday(field: string, day: string | undefined, today: string): string {
  if (day !== undefined && day > today) throw fieldError(field, 'The date cannot be after today.');
  return day ?? today;
}
