import { sql } from 'kysely';
import { GetEsalesReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { atLocation, monthPeriod } from './books.ts';
import { ownerReport } from './owner-report.ts';
import { reportLocation } from './report-scope.ts';

const figures = ['vatable', 'zero_rated', 'vat_exempt', 'vat_amount'] as const;
type Figure = (typeof figures)[number];

type SalesRow = { branch_id: number; last_invoice_number: string | null } & Record<Figure, number | string | null>;
type GrandTotalRow = { branch_id: number; accumulated_grand_total: number | string };

/**
 * eSales (docs/domain/reports.md, The books): per branch, the month's sales as the sales journal sums them (standing
 * invoices less standing credit memos, by their own dates), the last invoice number issued in the month (a voided
 * one too: it was issued) and the accumulated grand total of the branch's last Z-reading of the month. Sales are
 * reported per branch until the branch's terminals carry them: `terminal_id` is null on every row, so a
 * `terminal_id` asked for finds none.
 */
export const esalesOwnerReport = ownerReport({
  name: 'esales',
  query: GetEsalesReportQueryParams,
  run: async ({ db, businessId, identity, today }, query) => {
    const period = monthPeriod(query.month, today);
    const location = reportLocation(identity, query);
    const { rows: sales } = await sql<SalesRow>`
      SELECT s.branch_id, SUM(s.vatable) AS vatable, SUM(s.zero_rated) AS zero_rated,
        SUM(s.vat_exempt) AS vat_exempt, SUM(s.vat_amount) AS vat_amount, MAX(s.number) AS last_invoice_number
      FROM (
        SELECT v.branch_id,
          CASE WHEN v.deleted_at IS NULL THEN v.vatable_sales ELSE 0 END AS vatable,
          CASE WHEN v.deleted_at IS NULL THEN v.zero_rated_sales ELSE 0 END AS zero_rated,
          CASE WHEN v.deleted_at IS NULL THEN v.vat_exempt_sales ELSE 0 END AS vat_exempt,
          CASE WHEN v.deleted_at IS NULL THEN v.vat_amount ELSE 0 END AS vat_amount, v.number
        FROM invoices v
        WHERE v.business_id = ${businessId} AND v.invoice_date >= ${period.from} AND v.invoice_date <= ${period.to}
          ${atLocation(location, 'v.branch_id')}
        UNION ALL
        SELECT cm.branch_id, -cm.vatable_sales, -cm.zero_rated_sales, -cm.vat_exempt_sales, -cm.vat_amount, NULL
        FROM credit_memos cm
        WHERE cm.business_id = ${businessId} AND cm.deleted_at IS NULL
          AND cm.memo_date >= ${period.from} AND cm.memo_date <= ${period.to} ${atLocation(location, 'cm.branch_id')}
      ) s
      GROUP BY s.branch_id`.execute(db);
    const { rows: grandTotals } = await sql<GrandTotalRow>`
      SELECT z.branch_id, z.accumulated_grand_total
      FROM z_readings z
      WHERE z.business_id = ${businessId} AND z.deleted_at IS NULL
        AND z.business_date >= ${period.from} AND z.business_date <= ${period.to} ${atLocation(location, 'z.branch_id')}
        AND z.business_date = (
          SELECT MAX(y.business_date) FROM z_readings y
          WHERE y.business_id = ${businessId} AND y.branch_id = z.branch_id AND y.deleted_at IS NULL
            AND y.business_date >= ${period.from} AND y.business_date <= ${period.to}
        )`.execute(db);
    const branchIds = [...new Set([...sales, ...grandTotals].map((row) => Number(row.branch_id)))];
    const branches =
      branchIds.length === 0
        ? []
        : await db
            .selectFrom('branches')
            .select(['id', 'name'])
            .where('business_id', '=', businessId)
            .where('id', 'in', branchIds)
            .orderBy('name')
            .execute();
    const rows = query.terminal_id === undefined ? branches : [];
    const salesOf = new Map(sales.map((row) => [Number(row.branch_id), row]));
    const grandTotalOf = new Map(
      grandTotals.map((row) => [Number(row.branch_id), Number(row.accumulated_grand_total)]),
    );
    const totals = Object.fromEntries(figures.map((figure) => [figure, 0])) as Record<Figure, number>;
    const listed = rows.map((branch) => {
      const row = salesOf.get(branch.id);
      const amounts = Object.fromEntries(figures.map((figure) => [figure, Number(row?.[figure] ?? 0)])) as Record<
        Figure,
        number
      >;
      for (const figure of figures) totals[figure] += amounts[figure];
      const grandTotal = grandTotalOf.get(branch.id);
      return {
        terminal_id: null,
        branch_id: branch.id,
        branch_name: branch.name,
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
