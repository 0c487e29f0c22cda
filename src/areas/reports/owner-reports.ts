import {
  getBenefitsUsedReport,
  getCashDisbursementsJournalReport,
  getCashReceiptsJournalReport,
  getClaimsOutstandingReport,
  getEsalesReport,
  getForm2307sPendingReport,
  getGetBenefitsUsedReportQueryKey,
  getGetCashDisbursementsJournalReportQueryKey,
  getGetCashReceiptsJournalReportQueryKey,
  getGetClaimsOutstandingReportQueryKey,
  getGetEsalesReportQueryKey,
  getGetForm2307sPendingReportQueryKey,
  getGetInventoryListReportQueryKey,
  getGetPayablesAgingReportQueryKey,
  getGetPayerAgingReportQueryKey,
  getGetPurchaseJournalReportQueryKey,
  getGetRecallsReportQueryKey,
  getGetReceivablesAgingReportQueryKey,
  getGetRemakesReportQueryKey,
  getGetReorderReportQueryKey,
  getGetSalesJournalReportQueryKey,
  getGetSalesReportQueryKey,
  getGetSlowMoversReportQueryKey,
  getGetStockValuationReportQueryKey,
  getGetSummaryListOfPurchasesReportQueryKey,
  getGetSummaryListOfSalesReportQueryKey,
  getInventoryListReport,
  getPayablesAgingReport,
  getPayerAgingReport,
  getPurchaseJournalReport,
  getRecallsReport,
  getReceivablesAgingReport,
  getRemakesReport,
  getReorderReport,
  getSalesJournalReport,
  getSalesReport,
  getSlowMoversReport,
  getStockValuationReport,
  getSummaryListOfPurchasesReport,
  getSummaryListOfSalesReport,
} from '../../../generated/hooks/reports/reports.ts';
import { optionsOf } from '../../resources/options.ts';

// The owner's reports (docs/domain/reports.md): what each asks (its filters, kept in the URL), what its table
// shows, and which call answers it. One screen (src/screens/reports/owner-report-screen.tsx) draws them all.

export type FilterKind = 'date' | 'location' | 'branch' | 'number' | 'choice' | 'month' | 'quarter';
export type ReportFilter = {
  name: string;
  label: string;
  kind: FilterKind;
  // A default the screen opens with; `today`, `month-start`, `this-month` and `this-quarter` are the business day's.
  initial?: 'today' | 'month-start' | 'this-month' | 'this-quarter' | string;
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
  // A book of the BIR's: its paper opens with the business's registration (docs/domain/reports.md, The books).
  book?: boolean;
  // Rows can be ticked and turned into a purchase order (the reorder report).
  ordersChosenRows?: boolean;
  // Rows can be ticked and texted an exam recall (the recalls report).
  textsChosenRows?: boolean;
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

// The books (docs/domain/reports.md, The books): a month, a quarter or a day, at a branch or everywhere.
const bookMonth: ReportFilter = { name: 'month', label: 'Month', kind: 'month', initial: 'this-month' };
const bookQuarter: ReportFilter = { name: 'quarter', label: 'Quarter', kind: 'quarter', initial: 'this-quarter' };
const branch: ReportFilter = { name: 'branch_id', label: 'Branch', kind: 'branch' };
const date = (field: string, label: string): ReportColumn => ({ field, label, kind: 'date' });
const documentColumns = (party: string): readonly ReportColumn[] => [
  date('date', 'Date'),
  text('number', 'Reference No.'),
  text('contact_name', party),
  text('tin', 'TIN'),
];
const cashJournalColumns = (party: string): readonly ReportColumn[] => [
  date('date', 'Date'),
  text('number', 'Reference No.'),
  text('reference', 'Applied To'),
  text('contact_name', party),
  text('tin', 'TIN'),
  text('particulars', 'Particulars'),
  text('payment_method', 'Mode of Payment'),
  money('amount', 'Amount'),
];
const summaryListColumns = (party: string, side: string, tax: string): readonly ReportColumn[] => [
  text('tin', 'TIN'),
  text('contact_name', party),
  text('address', 'Address'),
  money('gross', `Gross ${side}`),
  money('vat_exempt', `Exempt ${side}`),
  money('zero_rated', `Zero-Rated ${side}`),
  money('vatable', `Taxable ${side}`),
  money('vat_amount', tax),
];

// What a report declares beyond its key, label and call.
type ReportShape = Pick<OwnerReportDefinition, 'filters' | 'columns'> &
  Partial<Pick<OwnerReportDefinition, 'chart' | 'book' | 'ordersChosenRows' | 'textsChosenRows'>>;
type ReportCall = (params: Params, options: undefined, signal: AbortSignal) => Promise<unknown>;

// A report by its key, which names its permission, and its generated call with the query key it is kept under.
function report(
  key: string,
  label: string,
  [call, queryKey]: [ReportCall, (params: Params) => readonly unknown[]],
  shape: ReportShape,
): OwnerReportDefinition {
  return {
    key,
    label,
    permission: `view-report-${key}`,
    ...shape,
    queryKey,
    fetch: async (params, signal) => asAnswer(await call(params, undefined, signal)),
  };
}

// A column that is not summed at the foot.
const figure = (field: string, label: string, kind: ColumnKind): ReportColumn => ({ field, label, kind });
const dateFrom: ReportFilter = { name: 'date_from', label: 'Date from', kind: 'date', initial: 'month-start' };
const dateTo: ReportFilter = { name: 'date_to', label: 'Date to', kind: 'date', initial: 'today' };
// How the rows are grouped: each choice's value and label, in the order offered.
const groupBy = (initial: string, choices: Record<string, string>): ReportFilter => ({
  name: 'group_by',
  label: 'Group by',
  kind: 'choice',
  initial,
  choices: optionsOf(choices),
});

export const ownerReports: readonly OwnerReportDefinition[] = [
  report('stock-valuation', 'Stock Valuation', [getStockValuationReport, getGetStockValuationReportQueryKey], {
    filters: [
      asOf,
      location,
      groupBy('location', { location: 'Location', item_type: 'Item type', brand: 'Brand', item: 'Item' }),
    ],
    columns: [text('label', 'Group'), quantity('quantity', 'Quantity'), money('value', 'Value')],
    chart: { labelField: 'label', valueField: 'value', valueLabel: 'Value' },
  }),
  report('sales', 'Sales', [getSalesReport, getGetSalesReportQueryKey], {
    filters: [
      dateFrom,
      dateTo,
      branch,
      groupBy('branch', {
        branch: 'Branch',
        item_type: 'Item type',
        brand: 'Brand',
        item: 'Item',
        user: 'Staff',
        contact: 'Customer',
        day: 'Day',
        month: 'Month',
      }),
    ],
    columns: [
      text('label', 'Group'),
      quantity('quantity', 'Quantity'),
      money('gross_sales', 'Gross Sales'),
      money('discounts', 'Discounts'),
      money('net_sales', 'Net Sales (excl. VAT)'),
      money('cost_of_sales', 'Cost of Sales'),
      money('margin', 'Margin'),
      figure('margin_percent', 'Margin %', 'percent'),
      // Other income, apart from sales (docs/domain/reports.md, Sales).
      money('forfeited_deposits', 'Forfeited Deposits (other income)'),
    ],
    chart: { labelField: 'label', valueField: 'net_sales', valueLabel: 'Net Sales' },
  }),
  report('receivables-aging', 'Receivables Aging', [getReceivablesAgingReport, getGetReceivablesAgingReportQueryKey], {
    filters: [asOf],
    columns: agingColumns,
  }),
  report('payables-aging', 'Payables Aging', [getPayablesAgingReport, getGetPayablesAgingReportQueryKey], {
    filters: [asOf],
    columns: agingColumns,
  }),
  report('payer-aging', 'Payer Aging', [getPayerAgingReport, getGetPayerAgingReportQueryKey], {
    filters: [asOf],
    columns: agingColumns,
  }),
  report('slow-movers', 'Slow Movers', [getSlowMoversReport, getGetSlowMoversReportQueryKey], {
    filters: [{ name: 'days', label: 'No sale in (days)', kind: 'number', initial: '90' }, location],
    columns: [
      text('code', 'Code'),
      text('name', 'Item'),
      date('last_sold_on', 'Last Sold'),
      quantity('quantity_on_hand', 'On Hand'),
      money('value', 'Value'),
    ],
  }),
  report('reorder', 'Reorder', [getReorderReport, getGetReorderReportQueryKey], {
    filters: [location],
    columns: [
      text('code', 'Code'),
      text('name', 'Item'),
      figure('reorder_level', 'Reorder Level', 'quantity'),
      figure('quantity_on_hand', 'On Hand', 'quantity'),
      figure('quantity_in_transit', 'In Transit', 'quantity'),
      figure('quantity_on_order', 'On Order', 'quantity'),
      figure('average_daily_sales', 'Sold per Day', 'quantity'),
      quantity('suggested_quantity', 'Suggested'),
    ],
    ordersChosenRows: true,
  }),
  report('recalls', 'Recalls', [getRecallsReport, getGetRecallsReportQueryKey], {
    textsChosenRows: true,
    filters: [{ name: 'within_days', label: 'Expiring within (days)', kind: 'number', initial: '30' }, branch],
    columns: [
      text('name', 'Patient'),
      text('phone', 'Phone'),
      text('email', 'Email'),
      date('examined_on', 'Last Exam'),
      date('expires_on', 'Expires'),
      text('branch_name', 'Branch'),
    ],
  }),
  report('sales-journal', 'Sales Journal', [getSalesJournalReport, getGetSalesJournalReportQueryKey], {
    book: true,
    filters: [bookMonth, branch],
    columns: [
      ...documentColumns('Customer'),
      money('gross', 'Gross Sales'),
      money('vat_exempt', 'VAT-Exempt'),
      money('zero_rated', 'Zero-Rated'),
      money('vatable', 'VATable'),
      money('vat_amount', 'VAT'),
      money('discount', 'SC/PWD Discount'),
      money('net', 'Net Sales'),
    ],
  }),
  report('purchase-journal', 'Purchase Journal', [getPurchaseJournalReport, getGetPurchaseJournalReportQueryKey], {
    book: true,
    filters: [bookMonth, location],
    columns: [
      ...documentColumns('Supplier'),
      text('supplier_invoice_number', "Supplier's Invoice No."),
      money('gross', 'Gross Purchases'),
      money('vat_exempt', 'VAT-Exempt'),
      money('zero_rated', 'Zero-Rated'),
      money('vatable', 'VATable'),
      money('vat_amount', 'Input VAT'),
    ],
  }),
  report(
    'cash-receipts-journal',
    'Cash Receipts Journal',
    [getCashReceiptsJournalReport, getGetCashReceiptsJournalReportQueryKey],
    { book: true, filters: [bookMonth, location], columns: cashJournalColumns('Payor') },
  ),
  report(
    'cash-disbursements-journal',
    'Cash Disbursements Journal',
    [getCashDisbursementsJournalReport, getGetCashDisbursementsJournalReportQueryKey],
    { book: true, filters: [bookMonth, location], columns: cashJournalColumns('Payee') },
  ),
  report(
    'summary-list-of-sales',
    'Summary List of Sales',
    [getSummaryListOfSalesReport, getGetSummaryListOfSalesReportQueryKey],
    { book: true, filters: [bookQuarter, branch], columns: summaryListColumns('Customer', 'Sales', 'Output Tax') },
  ),
  report(
    'summary-list-of-purchases',
    'Summary List of Purchases',
    [getSummaryListOfPurchasesReport, getGetSummaryListOfPurchasesReportQueryKey],
    { book: true, filters: [bookQuarter, location], columns: summaryListColumns('Supplier', 'Purchases', 'Input Tax') },
  ),
  report('inventory-list', 'Inventory List', [getInventoryListReport, getGetInventoryListReportQueryKey], {
    book: true,
    filters: [asOf, location],
    columns: [
      text('code', 'Item Code'),
      text('name', 'Item Description'),
      quantity('quantity', 'Quantity'),
      figure('unit_cost', 'Unit Cost', 'money'),
      money('total', 'Total Cost'),
    ],
  }),
  report('esales', 'eSales', [getEsalesReport, getGetEsalesReportQueryKey], {
    book: true,
    filters: [bookMonth, branch],
    columns: [
      text('branch_name', 'Branch'),
      money('vatable', 'VATable Sales'),
      money('zero_rated', 'Zero-Rated Sales'),
      money('vat_exempt', 'VAT-Exempt Sales'),
      money('vat_amount', 'VAT'),
      text('last_invoice_number', 'Last Invoice No.'),
      figure('grand_total', 'Grand Total', 'money'),
    ],
  }),
  // docs/domain/sales.md, Payer claims.
  report(
    'claims-outstanding',
    'Claims Outstanding',
    [getClaimsOutstandingReport, getGetClaimsOutstandingReportQueryKey],
    {
      filters: [],
      columns: [
        text('number', 'Claim'),
        text('payer_name', 'Payer'),
        date('claim_date', 'Date'),
        text('status', 'Status'),
        money('total', 'Total'),
        money('paid', 'Paid'),
        money('disallowed', 'Disallowed'),
        money('outstanding', 'Outstanding'),
      ],
    },
  ),
  report('benefits-used', 'Benefits Used', [getBenefitsUsedReport, getGetBenefitsUsedReportQueryKey], {
    filters: [asOf],
    columns: [
      text('contact_name', 'Member'),
      text('payer_name', 'Payer'),
      text('member_number', 'Member No.'),
      date('plan_year_from', 'Plan Year From'),
      money('annual_cap', 'Annual Cap'),
      money('used', 'Used'),
      money('remaining', 'Remaining'),
    ],
  }),
  report(
    'form-2307s-pending',
    '2307s Not Yet Received',
    [getForm2307sPendingReport, getGetForm2307sPendingReportQueryKey],
    {
      filters: [],
      columns: [
        text('claim_number', 'Claim'),
        text('payer_name', 'Payer'),
        date('payment_date', 'Paid On'),
        money('amount_received', 'Received'),
        money('tax_withheld', 'Tax Withheld'),
      ],
    },
  ),
  // docs/domain/eye-care.md, Remakes: how often whose work is redone, and what it costs.
  report('remakes', 'Remakes', [getRemakesReport, getGetRemakesReportQueryKey], {
    filters: [
      dateFrom,
      dateTo,
      groupBy('lab', {
        lab: 'Lab',
        user: 'Optician',
        prescriber: 'Prescriber',
        brand: 'Lens brand',
        reason: 'Reason',
        month: 'Month',
      }),
    ],
    columns: [
      text('label', 'Group'),
      quantity('orders_claimed', 'Orders Claimed'),
      quantity('remakes', 'Remakes'),
      figure('remake_rate', 'Remake Rate %', 'percent'),
      money('remake_cost', 'Remake Cost'),
    ],
    chart: { labelField: 'label', valueField: 'remake_rate', valueLabel: 'Remake Rate %' },
  }),
];

export function ownerReportByKey(key: string | undefined): OwnerReportDefinition | null {
  return ownerReports.find((report) => report.key === key) ?? null;
}
