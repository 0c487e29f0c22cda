import type { Generated } from 'kysely';

// Money columns hold integer centavos and quantity columns integer thousandths (see server/domain).
// Timestamps are ISO 8601 UTC strings; document dates are YYYY-MM-DD strings.

type RecordColumns = {
  id: Generated<number>;
  business_id: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  created_by: number | null;
  updated_by: number | null;
};

// Lines belong to their document: they live and die with it, so they carry no soft delete or authorship.
type LineColumns = {
  id: Generated<number>;
  business_id: number;
  position: number;
  created_at: string;
  updated_at: string;
};

type LocationColumns = { branch_id: number | null; warehouse_id: number | null };

type RouteColumns = {
  from_branch_id: number | null;
  from_warehouse_id: number | null;
  to_branch_id: number | null;
  to_warehouse_id: number | null;
};

type PricedTotals = { subtotal: number; discount_total: number; total: number };

export type PurchaseOrderTable = RecordColumns &
  LocationColumns &
  PricedTotals & {
    number: string;
    reference_number: string;
    contact_id: number;
    order_date: string;
    expected_date: string | null;
    job_order_id: number | null;
    notes: string | null;
    status: 'open' | 'partially_received' | 'received';
  };

export type PurchaseOrderLineTable = LineColumns & {
  purchase_order_id: number;
  item_id: number;
  unit_of_measurement_id: number | null;
  quantity: number;
  unit_cost: number;
  discount_percent: number | null;
  received_quantity: number;
  billed_quantity: number;
  amount: number;
};

export type ReceiveOrderTable = RecordColumns &
  LocationColumns & {
    number: string;
    purchase_order_id: number | null;
    contact_id: number;
    received_date: string;
    notes: string | null;
    total: number;
  };

export type ReceiveOrderLineTable = LineColumns & {
  receive_order_id: number;
  purchase_order_line_id: number | null;
  item_id: number;
  quantity: number;
  unit_cost: number;
  amount: number;
};

export type BillTable = RecordColumns &
  LocationColumns &
  PricedTotals & {
    number: string;
    purchase_order_id: number | null;
    contact_id: number;
    bill_date: string;
    due_date: string | null;
    supplier_invoice_number: string | null;
    notes: string | null;
    amount_paid: number;
    status: 'unpaid' | 'partially_paid' | 'paid';
  };

export type BillLineTable = LineColumns & {
  bill_id: number;
  purchase_order_line_id: number | null;
  item_id: number;
  quantity: number;
  unit_cost: number;
  discount_percent: number | null;
  amount: number;
};

// store_credit and supplier_credit spend a contact's credit from memos (docs/domain/sales.md, Credit memos).
export type PaymentMethod =
  | 'cash'
  | 'bank_transfer'
  | 'check'
  | 'card'
  | 'e_wallet'
  | 'store_credit'
  | 'supplier_credit';

export type BillPaymentTable = RecordColumns & {
  number: string;
  bill_id: number;
  payment_date: string;
  amount: number;
  payment_method: PaymentMethod;
  reference: string | null;
  notes: string | null;
};

export type QuotationTable = RecordColumns &
  PricedTotals & {
    number: string;
    reference_number: string;
    contact_id: number;
    branch_id: number;
    quotation_date: string;
    valid_until: string | null;
    notes: string | null;
  };

export type QuotationLineTable = LineColumns & {
  quotation_id: number;
  item_id: number;
  quantity: number;
  unit_price: number;
  discount_percent: number | null;
  amount: number;
};

export type InvoiceTable = RecordColumns &
  PricedTotals & {
    number: string;
    reference_number: string;
    contact_id: number;
    branch_id: number;
    invoice_date: string;
    due_date: string | null;
    quotation_id: number | null;
    job_order_id: number | null;
    notes: string | null;
    amount_paid: number;
    status: 'unpaid' | 'partially_paid' | 'paid';
  };

// unit_cost is the branch's average cost when the line was posted: the cost of goods sold, and the cost at
// which a void puts the goods back.
export type InvoiceLineTable = LineColumns & {
  invoice_id: number;
  item_id: number;
  quantity: number;
  unit_price: number;
  discount_percent: number | null;
  amount: number;
  unit_cost: number;
};

export type InvoicePaymentTable = RecordColumns & {
  number: string;
  invoice_id: number;
  payment_date: string;
  amount: number;
  payment_method: PaymentMethod;
  reference: string | null;
  notes: string | null;
};

export type StockRequestTable = RecordColumns &
  RouteColumns & {
    number: string;
    request_date: string;
    needed_by: string | null;
    notes: string | null;
    status: 'pending' | 'partially_transferred' | 'transferred';
  };

export type StockRequestLineTable = LineColumns & {
  stock_request_id: number;
  item_id: number;
  quantity: number;
  transferred_quantity: number;
};

export type StockTransferTable = RecordColumns &
  RouteColumns & {
    number: string;
    stock_request_id: number | null;
    transfer_date: string;
    notes: string | null;
    status: 'in_transit' | 'partially_received' | 'completed';
  };

export type StockTransferLineTable = LineColumns & {
  stock_transfer_id: number;
  stock_request_line_id: number | null;
  item_id: number;
  quantity: number;
  unit_cost: number;
  received_quantity: number;
  returned_quantity: number;
};

export type StockReceiveTable = RecordColumns & {
  number: string;
  stock_transfer_id: number;
  received_date: string;
  notes: string | null;
};

export type StockReceiveLineTable = LineColumns & {
  stock_receive_id: number;
  stock_transfer_line_id: number;
  item_id: number;
  quantity: number;
};

export type StockReturnTable = RecordColumns & {
  number: string;
  stock_transfer_id: number;
  return_date: string;
  reason: string | null;
  notes: string | null;
};

export type StockReturnLineTable = LineColumns & {
  stock_return_id: number;
  stock_transfer_line_id: number;
  item_id: number;
  quantity: number;
};

// One row per item and location; location_key (B1, W3) carries the unique rule that NULL columns cannot.
export type StockTable = RecordColumns &
  LocationColumns & {
    item_id: number;
    location_key: string;
    quantity_on_hand: number;
    quantity_in_transit: number;
    average_unit_cost: number;
  };

export type StockBalance = 'on_hand' | 'in_transit';

// Append-only: rows are inserted by postings and voids, never updated or deleted.
export type StockMovementTable = LocationColumns & {
  id: Generated<number>;
  business_id: number;
  stock_id: number;
  item_id: number;
  balance: StockBalance;
  quantity_delta: number;
  unit_cost: number;
  document_type: string;
  document_id: number;
  document_line_id: number | null;
  document_number: string | null;
  occurred_at: string;
  created_by: number | null;
};

// scope is `number` (per location: B00001, W00002) or `reference` (per contact: C00007).
export type DocumentCounterTable = {
  id: Generated<number>;
  business_id: number;
  scope: 'number' | 'reference';
  document_name: string;
  scope_key: string;
  total: number;
  created_at: string;
  updated_at: string;
};

export type DocumentTables = {
  purchase_orders: PurchaseOrderTable;
  purchase_order_lines: PurchaseOrderLineTable;
  receive_orders: ReceiveOrderTable;
  receive_order_lines: ReceiveOrderLineTable;
  bills: BillTable;
  bill_lines: BillLineTable;
  bill_payments: BillPaymentTable;
  quotations: QuotationTable;
  quotation_lines: QuotationLineTable;
  invoices: InvoiceTable;
  invoice_lines: InvoiceLineTable;
  invoice_payments: InvoicePaymentTable;
  stock_requests: StockRequestTable;
  stock_request_lines: StockRequestLineTable;
  stock_transfers: StockTransferTable;
  stock_transfer_lines: StockTransferLineTable;
  stock_receives: StockReceiveTable;
  stock_receive_lines: StockReceiveLineTable;
  stock_returns: StockReturnTable;
  stock_return_lines: StockReturnLineTable;
  stocks: StockTable;
  stock_movements: StockMovementTable;
  document_counters: DocumentCounterTable;
};
