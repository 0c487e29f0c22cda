import { sql } from 'kysely';
import { GetEsalesReportQueryParams } from '../../../../generated/zod/reports/reports.zod.ts';
import { centavosToPesos } from '../../../domain/money.ts';
import { ownerReport } from '../owner-report.ts';
import { reportLocation } from '../report-scope.ts';
import { atLocation, monthPeriod } from './books.ts';

const figures = ['vatable', 'zero_rated', 'vat_exempt', 'vat_amount'] as const;
type Figure = (typeof figures)[number];

type SalesRow = { terminal_id: number; last_invoice_number: string | null } & Record<Figure, number | string | null>;
type GrandTotalRow = { terminal_id: number; accumulated_grand_total: number | string };

/**
 * eSales (docs/domain/reports.md, The books): per terminal (docs/domain/cash.md, Terminals), the month's sales as the
 * sales journal sums them (standing invoices less standing credit memos, by their own dates), the last invoice number
 * the terminal issued in the month (a voided one too: it was issued) and the accumulated grand total of the
 * terminal's last Z-reading of the month.
 */
export const esalesOwnerReport = ownerReport({
  name: 'esales',
  query: GetEsalesReportQueryParams,
  run: async ({ db, businessId, identity, today }, query) => {
    const period = monthPeriod(query.month, today);
    const location = reportLocation(identity, query);
    const terminal = (column: string) =>
      query.terminal_id === undefined ? sql`` : sql`AND ${sql.ref(column)} = ${query.terminal_id}`;
    const { rows: sales } = await sql<SalesRow>`
      SELECT s.terminal_id, SUM(s.vatable) AS vatable, SUM(s.zero_rated) AS zero_rated,
        SUM(s.vat_exempt) AS vat_exempt, SUM(s.vat_amount) AS vat_amount, MAX(s.number) AS last_invoice_number
      FROM (
        SELECT v.terminal_id,
          CASE WHEN v.deleted_at IS NULL THEN v.vatable_sales ELSE 0 END AS vatable,
          CASE WHEN v.deleted_at IS NULL THEN v.zero_rated_sales ELSE 0 END AS zero_rated,
          CASE WHEN v.deleted_at IS NULL THEN v.vat_exempt_sales ELSE 0 END AS vat_exempt,
          CASE WHEN v.deleted_at IS NULL THEN v.vat_amount ELSE 0 END AS vat_amount, v.number
        FROM invoices v
        WHERE v.business_id = ${businessId} AND v.invoice_date >= ${period.from} AND v.invoice_date <= ${period.to}
          ${atLocation(location, 'v.branch_id')} ${terminal('v.terminal_id')}
        UNION ALL
        SELECT cm.terminal_id, -cm.vatable_sales, -cm.zero_rated_sales, -cm.vat_exempt_sales, -cm.vat_amount, NULL
        FROM credit_memos cm
        WHERE cm.business_id = ${businessId} AND cm.deleted_at IS NULL
          AND cm.memo_date >= ${period.from} AND cm.memo_date <= ${period.to} ${atLocation(location, 'cm.branch_id')}
          ${terminal('cm.terminal_id')}
      ) s
      WHERE s.terminal_id IS NOT NULL
      GROUP BY s.terminal_id`.execute(db);
    const { rows: grandTotals } = await sql<GrandTotalRow>`
      SELECT z.terminal_id, z.accumulated_grand_total
      FROM z_readings z
      WHERE z.business_id = ${businessId} AND z.deleted_at IS NULL AND z.terminal_id IS NOT NULL
        AND z.business_date >= ${period.from} AND z.business_date <= ${period.to} ${atLocation(location, 'z.branch_id')}
        ${terminal('z.terminal_id')}
        AND z.business_date = (
          SELECT MAX(y.business_date) FROM z_readings y
          WHERE y.business_id = ${businessId} AND y.terminal_id = z.terminal_id AND y.deleted_at IS NULL
            AND y.business_date >= ${period.from} AND y.business_date <= ${period.to}
        )`.execute(db);
    const terminalIds = [...new Set([...sales, ...grandTotals].map((row) => Number(row.terminal_id)))];
    const terminals =
      terminalIds.length === 0
        ? []
        : await db
            .selectFrom('terminals')
            .innerJoin('branches', 'branches.id', 'terminals.branch_id')
            .select(['terminals.id as id', 'terminals.branch_id as branch_id', 'branches.name as branch_name'])
            .where('terminals.business_id', '=', businessId)
            .where('terminals.id', 'in', terminalIds)
            .orderBy('branches.name')
            .orderBy('terminals.id')
            .execute();
    const salesOf = new Map(sales.map((row) => [Number(row.terminal_id), row]));
    const grandTotalOf = new Map(
      grandTotals.map((row) => [Number(row.terminal_id), Number(row.accumulated_grand_total)]),
    );
    const totals = Object.fromEntries(figures.map((figure) => [figure, 0])) as Record<Figure, number>;
    const listed = terminals.map((machine) => {
      const row = salesOf.get(machine.id);
      const amounts = Object.fromEntries(figures.map((figure) => [figure, Number(row?.[figure] ?? 0)])) as Record<
        Figure,
        number
      >;
      for (const figure of figures) totals[figure] += amounts[figure];
      const grandTotal = grandTotalOf.get(machine.id);
      return {
        terminal_id: machine.id,
        branch_id: machine.branch_id,
        branch_name: machine.branch_name,
        month: period.month,
        vatable: centavosToPesos(amounts.vatable),
        zero_rated: centavosToPesos(amounts.zero_rated),
        vat_exempt: centavosToPesos(amounts.vat_exempt),
        vat_amount: centavosToPesos(amounts.vat_amount),
        last_invoice_number: row?.last_invoice_number ?? null,
        grand_total: grandTotal === undefined ? null : centavosToPesos(grandTotal),
      };
    });
    return {
      rows: listed,
      totals: Object.fromEntries(figures.map((figure) => [figure, centavosToPesos(totals[figure])])),
    };
  },
  csv: [
    { field: 'month', header: 'Month' },
    { field: 'terminal_id', header: 'Machine' },
    { field: 'branch_name', header: 'Branch' },
    { field: 'vatable', header: 'VATable Sales', money: true },
    { field: 'zero_rated', header: 'Zero-Rated Sales', money: true },
    { field: 'vat_exempt', header: 'VAT-Exempt Sales', money: true },
    { field: 'vat_amount', header: 'VAT Amount', money: true },
    { field: 'last_invoice_number', header: 'Last Invoice No.' },
    { field: 'grand_total', header: 'Grand Total', money: true },
  ],
});
