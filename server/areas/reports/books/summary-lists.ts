import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  GetSummaryListOfPurchasesReportQueryParams,
  GetSummaryListOfSalesReportQueryParams,
} from '../../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../../db/database.ts';
import { type Asked, type CsvColumn, ownerReport } from '../owner-report.ts';
import { reportLocation } from '../report-scope.ts';
import { asCentavos, inPesos, quarterPeriod, sumFigures } from './books.ts';
import { purchaseJournalEntries } from './purchase-journal.ts';
import { salesJournalEntries } from './sales-journal.ts';

const figures = ['gross', 'vat_exempt', 'zero_rated', 'vatable', 'vat_amount'] as const;

type SummaryRow = { tin_key: string; tin: string | null; contact_name: string; address: string | null } & Record<
  (typeof figures)[number],
  number | string
>;

// One TIN however it was typed: its digits alone, so that 123-456-789-000 and 123456789000 are one taxpayer.
const tinKey = sql`REPLACE(REPLACE(REPLACE(COALESCE(e.tin, ''), '-', ''), ' ', ''), '.', '')`;

/**
 * A quarter's journal summed per TIN (docs/domain/reports.md, The books): each taxpayer's row carries the name and
 * address of its first contact by name; the buyers or sellers without a TIN share one row, last, with no TIN. The
 * gross of a sale is what it charged (the sales journal's `net`): the quarter's figures are the three months'
 * journals' to the centavo.
 */
async function summaryList(db: Kysely<Database>, entries: RawBuilder<unknown>, gross: RawBuilder<unknown>) {
  const { rows } = await sql<SummaryRow>`
    SELECT ${tinKey} AS tin_key, MIN(e.tin) AS tin, MIN(e.contact_name) AS contact_name, MIN(e.address) AS address,
      SUM(${gross}) AS gross, SUM(e.vat_exempt) AS vat_exempt, SUM(e.zero_rated) AS zero_rated,
      SUM(e.vatable) AS vatable, SUM(e.vat_amount) AS vat_amount
    FROM (${entries}) e
    GROUP BY ${tinKey}
    ORDER BY CASE WHEN ${tinKey} = '' THEN 1 ELSE 0 END, 3, 1`.execute(db);
  const listed = rows.map((row) => {
    const withoutTin = row.tin_key === '';
    return {
      tin: withoutTin ? null : row.tin,
      contact_name: withoutTin ? 'Without TIN' : row.contact_name,
      address: withoutTin ? null : row.address,
      ...asCentavos(row, figures),
    };
  });
  return {
    rows: listed.map((row) => inPesos(row, figures)),
    totals: inPesos(sumFigures(listed, figures), figures),
  };
}

const csvOf = (side: 'Sales' | 'Purchase', party: string, tax: string): readonly CsvColumn[] => [
  { field: 'tin', header: 'TIN' },
  { field: 'contact_name', header: `Registered Name of ${party}` },
  { field: 'address', header: `${party} Address` },
  { field: 'gross', header: `Gross ${side}`, money: true },
  { field: 'vat_exempt', header: `Exempt ${side}`, money: true },
  { field: 'zero_rated', header: `Zero-Rated ${side}`, money: true },
  { field: 'vatable', header: `Taxable ${side}`, money: true },
  { field: 'vat_amount', header: tax, money: true },
];

// Either list's run: the quarter's entries of its side of the books at the place asked, summed by TIN with `gross`.
const quarterSummary =
  (entries: typeof salesJournalEntries, gross: RawBuilder<unknown>) =>
  (
    { db, businessId, identity, today }: Asked,
    query: { quarter?: string | undefined; branch_id?: number | null; warehouse_id?: number | null },
  ) =>
    summaryList(db, entries(businessId, quarterPeriod(query.quarter, today), reportLocation(identity, query)), gross);

export const summaryListOfSalesOwnerReport = ownerReport({
  name: 'summary-list-of-sales',
  query: GetSummaryListOfSalesReportQueryParams,
  run: quarterSummary(salesJournalEntries, sql`e.net`),
  csv: csvOf('Sales', 'Customer', 'Output Tax'),
});

export const summaryListOfPurchasesOwnerReport = ownerReport({
  name: 'summary-list-of-purchases',
  query: GetSummaryListOfPurchasesReportQueryParams,
  run: quarterSummary(purchaseJournalEntries, sql`e.vat_exempt + e.zero_rated + e.vatable + e.vat_amount`),
  csv: csvOf('Purchase', 'Supplier', 'Input Tax'),
});
