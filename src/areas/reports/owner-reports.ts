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
      // Other income, apart from sales (docs/domain/reports.md, Sales).
      money('forfeited_deposits', 'Forfeited Deposits (other income)'),
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
    key: 'payer-aging',
    label: 'Payer Aging',
    permission: 'view-report-payer-aging',
    filters: [asOf],
    columns: agingColumns,
    queryKey: (params) => getGetPayerAgingReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getPayerAgingReport(params, undefined, signal)),
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
    textsChosenRows: true,
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
  {
    key: 'sales-journal',
    book: true,
    label: 'Sales Journal',
    permission: 'view-report-sales-journal',
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
    queryKey: (params) => getGetSalesJournalReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getSalesJournalReport(params, undefined, signal)),
  },
  {
    key: 'purchase-journal',
    book: true,
    label: 'Purchase Journal',
    permission: 'view-report-purchase-journal',
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
    queryKey: (params) => getGetPurchaseJournalReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getPurchaseJournalReport(params, undefined, signal)),
  },
  {
    key: 'cash-receipts-journal',
    book: true,
    label: 'Cash Receipts Journal',
    permission: 'view-report-cash-receipts-journal',
    filters: [bookMonth, location],
    columns: cashJournalColumns('Payor'),
    queryKey: (params) => getGetCashReceiptsJournalReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getCashReceiptsJournalReport(params, undefined, signal)),
  },
  {
    key: 'cash-disbursements-journal',
    book: true,
    label: 'Cash Disbursements Journal',
    permission: 'view-report-cash-disbursements-journal',
    filters: [bookMonth, location],
    columns: cashJournalColumns('Payee'),
    queryKey: (params) => getGetCashDisbursementsJournalReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getCashDisbursementsJournalReport(params, undefined, signal)),
  },
  {
    key: 'summary-list-of-sales',
    book: true,
    label: 'Summary List of Sales',
    permission: 'view-report-summary-list-of-sales',
    filters: [bookQuarter, branch],
    columns: summaryListColumns('Customer', 'Sales', 'Output Tax'),
    queryKey: (params) => getGetSummaryListOfSalesReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getSummaryListOfSalesReport(params, undefined, signal)),
  },
  {
    key: 'summary-list-of-purchases',
    book: true,
    label: 'Summary List of Purchases',
    permission: 'view-report-summary-list-of-purchases',
    filters: [bookQuarter, location],
    columns: summaryListColumns('Supplier', 'Purchases', 'Input Tax'),
    queryKey: (params) => getGetSummaryListOfPurchasesReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getSummaryListOfPurchasesReport(params, undefined, signal)),
  },
  {
    key: 'inventory-list',
    book: true,
    label: 'Inventory List',
    permission: 'view-report-inventory-list',
    filters: [asOf, location],
    columns: [
      text('code', 'Item Code'),
      text('name', 'Item Description'),
      quantity('quantity', 'Quantity'),
      { field: 'unit_cost', label: 'Unit Cost', kind: 'money' },
      money('total', 'Total Cost'),
    ],
    queryKey: (params) => getGetInventoryListReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getInventoryListReport(params, undefined, signal)),
  },
  {
    key: 'esales',
    book: true,
    label: 'eSales',
    permission: 'view-report-esales',
    filters: [bookMonth, branch],
    columns: [
      text('branch_name', 'Branch'),
      money('vatable', 'VATable Sales'),
      money('zero_rated', 'Zero-Rated Sales'),
      money('vat_exempt', 'VAT-Exempt Sales'),
      money('vat_amount', 'VAT'),
      text('last_invoice_number', 'Last Invoice No.'),
      { field: 'grand_total', label: 'Grand Total', kind: 'money' },
    ],
    queryKey: (params) => getGetEsalesReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getEsalesReport(params, undefined, signal)),
  },
  // docs/domain/sales.md, Payer claims.
  {
    key: 'claims-outstanding',
    label: 'Claims Outstanding',
    permission: 'view-report-claims-outstanding',
    filters: [],
    columns: [
      text('number', 'Claim'),
      text('payer_name', 'Payer'),
      { field: 'claim_date', label: 'Date', kind: 'date' },
      text('status', 'Status'),
      money('total', 'Total'),
      money('paid', 'Paid'),
      money('disallowed', 'Disallowed'),
      money('outstanding', 'Outstanding'),
    ],
    queryKey: (params) => getGetClaimsOutstandingReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getClaimsOutstandingReport(params, undefined, signal)),
  },
  {
    key: 'benefits-used',
    label: 'Benefits Used',
    permission: 'view-report-benefits-used',
    filters: [asOf],
    columns: [
      text('contact_name', 'Member'),
      text('payer_name', 'Payer'),
      text('member_number', 'Member No.'),
      { field: 'plan_year_from', label: 'Plan Year From', kind: 'date' },
      money('annual_cap', 'Annual Cap'),
      money('used', 'Used'),
      money('remaining', 'Remaining'),
    ],
    queryKey: (params) => getGetBenefitsUsedReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getBenefitsUsedReport(params, undefined, signal)),
  },
  {
    key: 'form-2307s-pending',
    label: '2307s Not Yet Received',
    permission: 'view-report-form-2307s-pending',
    filters: [],
    columns: [
      text('claim_number', 'Claim'),
      text('payer_name', 'Payer'),
      { field: 'payment_date', label: 'Paid On', kind: 'date' },
      money('amount_received', 'Received'),
      money('tax_withheld', 'Tax Withheld'),
    ],
    queryKey: (params) => getGetForm2307sPendingReportQueryKey(params),
    fetch: async (params, signal) => asAnswer(await getForm2307sPendingReport(params, undefined, signal)),
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
