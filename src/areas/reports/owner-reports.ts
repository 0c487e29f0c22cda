import {
  getGetPayablesAgingReportQueryKey,
  getGetRecallsReportQueryKey,
  getGetReceivablesAgingReportQueryKey,
  getGetRemakesReportQueryKey,
  getGetReorderReportQueryKey,
  getGetSalesReportQueryKey,
  getGetSlowMoversReportQueryKey,
  getGetStockValuationReportQueryKey,
  getPayablesAgingReport,
  getRecallsReport,
  getReceivablesAgingReport,
  getRemakesReport,
  getReorderReport,
  getSalesReport,
  getSlowMoversReport,
  getStockValuationReport,
} from '../../../generated/hooks/reports/reports.ts';

// The owner's reports (docs/domain/reports.md): what each asks (its filters, kept in the URL), what its table
// shows, and which call answers it. One screen (src/screens/reports/owner-report-screen.tsx) draws them all.

export type FilterKind = 'date' | 'location' | 'branch' | 'number' | 'choice';
export type ReportFilter = {
  name: string;
  label: string;
  kind: FilterKind;
  // A default the screen opens with; `today` and `month-start` are the business day's.
  initial?: 'today' | 'month-start' | string;
  choices?: readonly { value: string; label: string }[];
};
export type ColumnKind = 'text' | 'date' | 'money' | 'quantity' | 'percent' | 'documents';
export type ReportColumn = { field: string; label: string; kind: ColumnKind; total?: boolean };
export type ReportAnswer = {
  rows: Record<string, unknown>[];
  totals: Record<string, unknown>;
  // Set when the figures come from a reports replica that lags behind (docs/domain/reports.md).
  figures_at?: string;
};
type Params = Record<string, string | number>;

export type OwnerReportDefinition = {
  key: string;
  label: string;
  permission: string;
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn[];
  // A bar per row of `labelField` against `valueField`, where a picture says more than the table.
  chart?: { labelField: string; valueField: string; valueLabel: string };
  // Rows can be ticked and turned into a purchase order (the reorder report).
  ordersChosenRows?: boolean;
  queryKey: (params: Params) => readonly unknown[];
  fetch: (params: Params, signal: AbortSignal) => Promise<ReportAnswer>;
};

const asAnswer = (answer: unknown) => answer as ReportAnswer;
const money = (field: string, label: string): ReportColumn => ({ field, label, kind: 'money', total: true });
const quantity = (field: string, label: string): ReportColumn => ({ field, label, kind: 'quantity', total: true });
const text = (field: string, label: string): ReportColumn => ({ field, label, kind: 'text' });
const asOf: ReportFilter = { name: 'as_of', label: 'As of', kind: 'date', initial: 'today' };
const location: ReportFilter = { name: 'location', label: 'Location', kind: 'location' };
const agingColumns: readonly ReportColumn[] = [
  text('contact_name', 'Contact'),
  money('not_due', 'Not Yet Due'),
  money('days_1_30', '1-30 Days'),
  money('days_31_60', '31-60 Days'),
  money('days_61_90', '61-90 Days'),
  money('over_90', 'Over 90 Days'),
  money('total', 'Total'),
  { field: 'documents', label: 'Documents', kind: 'documents' },
];

export const ownerReports: readonly OwnerReportDefinition[] = [
  {
    key: 'stock-valuation',
    label: 'Stock Valuation',
    permission: 'view-report-stock-valuation',
    filters: [
      asOf,
      location,
      {
        name: 'group_by',
        label: 'Group by',
        kind: 'choice',
        initial: 'location',
        choices: [
          { value: 'location', label: 'Location' },
          { value: 'item_type', label: 'Item type' },
          { value: 'brand', label: 'Brand' },
          { value: 'item', label: 'Item' },
        ],
      },
    ],
    columns: [text('label', 'Group'), quantity('quantity', 'Quantity'), money('value', 'Value')],
    chart: { labelField: 'label', valueField: 'value', valueLabel: 'Value' },
    queryKey: (params) => getGetStockValuationReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getStockValuationReport(params, undefined, signal)),
  },
  {
    key: 'sales',
    label: 'Sales',
    permission: 'view-report-sales',
    filters: [
      { name: 'date_from', label: 'Date from', kind: 'date', initial: 'month-start' },
      { name: 'date_to', label: 'Date to', kind: 'date', initial: 'today' },
      { name: 'branch_id', label: 'Branch', kind: 'branch' },
      {
        name: 'group_by',
        label: 'Group by',
        kind: 'choice',
        initial: 'branch',
        choices: [
          { value: 'branch', label: 'Branch' },
          { value: 'item_type', label: 'Item type' },
          { value: 'brand', label: 'Brand' },
          { value: 'item', label: 'Item' },
          { value: 'user', label: 'Staff' },
          { value: 'contact', label: 'Customer' },
          { value: 'day', label: 'Day' },
          { value: 'month', label: 'Month' },
        ],
      },
    ],
    columns: [
      text('label', 'Group'),
      quantity('quantity', 'Quantity'),
      money('gross_sales', 'Gross Sales'),
      money('discounts', 'Discounts'),
      money('net_sales', 'Net Sales (excl. VAT)'),
      money('cost_of_sales', 'Cost of Sales'),
      money('margin', 'Margin'),
      { field: 'margin_percent', label: 'Margin %', kind: 'percent' },
    ],
    chart: { labelField: 'label', valueField: 'net_sales', valueLabel: 'Net Sales' },
    queryKey: (params) => getGetSalesReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getSalesReport(params, undefined, signal)),
  },
  {
    key: 'receivables-aging',
    label: 'Receivables Aging',
    permission: 'view-report-receivables-aging',
    filters: [asOf],
    columns: agingColumns,
    queryKey: (params) => getGetReceivablesAgingReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getReceivablesAgingReport(params, undefined, signal)),
  },
  {
    key: 'payables-aging',
    label: 'Payables Aging',
    permission: 'view-report-payables-aging',
    filters: [asOf],
    columns: agingColumns,
    queryKey: (params) => getGetPayablesAgingReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getPayablesAgingReport(params, undefined, signal)),
  },
  {
    key: 'slow-movers',
    label: 'Slow Movers',
    permission: 'view-report-slow-movers',
    filters: [{ name: 'days', label: 'No sale in (days)', kind: 'number', initial: '90' }, location],
    columns: [
      text('code', 'Code'),
      text('name', 'Item'),
      { field: 'last_sold_on', label: 'Last Sold', kind: 'date' },
      quantity('quantity_on_hand', 'On Hand'),
      money('value', 'Value'),
    ],
    queryKey: (params) => getGetSlowMoversReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getSlowMoversReport(params, undefined, signal)),
  },
  {
    key: 'reorder',
    label: 'Reorder',
    permission: 'view-report-reorder',
    filters: [location],
    columns: [
      text('code', 'Code'),
      text('name', 'Item'),
      { field: 'reorder_level', label: 'Reorder Level', kind: 'quantity' },
      { field: 'quantity_on_hand', label: 'On Hand', kind: 'quantity' },
      { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
      { field: 'quantity_on_order', label: 'On Order', kind: 'quantity' },
      { field: 'average_daily_sales', label: 'Sold per Day', kind: 'quantity' },
      quantity('suggested_quantity', 'Suggested'),
    ],
    ordersChosenRows: true,
    queryKey: (params) => getGetReorderReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getReorderReport(params, undefined, signal)),
  },
  {
    key: 'recalls',
    label: 'Recalls',
    permission: 'view-report-recalls',
    filters: [
      { name: 'within_days', label: 'Expiring within (days)', kind: 'number', initial: '30' },
      { name: 'branch_id', label: 'Branch', kind: 'branch' },
    ],
    columns: [
      text('name', 'Patient'),
      text('phone', 'Phone'),
      text('email', 'Email'),
      { field: 'examined_on', label: 'Last Exam', kind: 'date' },
      { field: 'expires_on', label: 'Expires', kind: 'date' },
      text('branch_name', 'Branch'),
    ],
    queryKey: (params) => getGetRecallsReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getRecallsReport(params, undefined, signal)),
  },
  // docs/domain/eye-care.md, Remakes: how often whose work is redone, and what it costs.
  {
    key: 'remakes',
    label: 'Remakes',
    permission: 'view-report-remakes',
    filters: [
      { name: 'date_from', label: 'Date from', kind: 'date', initial: 'month-start' },
      { name: 'date_to', label: 'Date to', kind: 'date', initial: 'today' },
      {
        name: 'group_by',
        label: 'Group by',
        kind: 'choice',
        initial: 'lab',
        choices: [
          { value: 'lab', label: 'Lab' },
          { value: 'user', label: 'Optician' },
          { value: 'prescriber', label: 'Prescriber' },
          { value: 'brand', label: 'Lens brand' },
          { value: 'reason', label: 'Reason' },
          { value: 'month', label: 'Month' },
        ],
      },
    ],
    columns: [
      text('label', 'Group'),
      quantity('orders_claimed', 'Orders Claimed'),
      quantity('remakes', 'Remakes'),
      { field: 'remake_rate', label: 'Remake Rate %', kind: 'percent' },
      money('remake_cost', 'Remake Cost'),
    ],
    chart: { labelField: 'label', valueField: 'remake_rate', valueLabel: 'Remake Rate %' },
    queryKey: (params) => getGetRemakesReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getRemakesReport(params, undefined, signal)),
  },
];

export function ownerReportByKey(key: string | undefined): OwnerReportDefinition | null {
  return ownerReports.find((report) => report.key === key) ?? null;
}
