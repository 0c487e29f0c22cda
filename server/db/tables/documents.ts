import type { Generated } from 'kysely';
import type { TenantColumns } from '../columns.ts';

// Money columns hold integer centavos and quantity columns integer thousandths (see server/domain).
// Timestamps are ISO 8601 UTC strings; document dates are YYYY-MM-DD strings.

// Lines belong to their document: they live and die with it, so they carry no soft delete or authorship.
export type LineColumns = {
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

// A priced line: its item's quantity at a unit cost (purchases) or price (sales), less its discount.
type PricedLineColumns<Price extends 'unit_cost' | 'unit_price'> = LineColumns &
  Record<Price, number> & { item_id: number; quantity: number; discount_percent: number | null; amount: number };

export type PurchaseOrderTable = TenantColumns &
  LocationColumns &
  PricedTotals & {
    number: string;
    reference_number: string;
    contact_id: number;
    order_date: string;
    expected_date: string | null;
    job_order_id: number | null;
    notes: string | null;
    status: 'open' | 'partially_received' | 'received' | 'closed';
    // Migration 058: an order closed short.
    closed_reason: string | null;
    closed_at: string | null;
    closed_by: number | null;
  };

export type PurchaseOrderLineTable = PricedLineColumns<'unit_cost'> & {
  purchase_order_id: number;
  unit_of_measurement_id: number | null;
  received_quantity: number;
  billed_quantity: number;
};

export type ReceiveOrderTable = TenantColumns &
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

export type BillTable = TenantColumns &
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

export type BillLineTable = PricedLineColumns<'unit_cost'> & {
  bill_id: number;
  purchase_order_line_id: number | null;
};

// store_credit and supplier_credit spend a contact's credit from memos (docs/domain/sales.md, Credit memos); deposit
// spends an acknowledgment receipt's balance (docs/domain/sales.md, Deposits).
export type PaymentMethod =
  | 'cash'
  | 'bank_transfer'
  | 'check'
  | 'card'
  | 'e_wallet'
  | 'store_credit'
  | 'supplier_credit'
  | 'deposit';

// A payment of a bill and one of an invoice record the same facts; only the document they pay differs.
type PaymentColumns = TenantColumns & {
  number: string;
  payment_date: string;
  amount: number;
  payment_method: PaymentMethod;
  reference: string | null;
  notes: string | null;
};

export type BillPaymentTable = PaymentColumns & { bill_id: number };

export type QuotationTable = TenantColumns &
  PricedTotals & {
    number: string;
    reference_number: string;
    contact_id: number;
    branch_id: number;
    quotation_date: string;
    valid_until: string | null;
    notes: string | null;
  };

export type QuotationLineTable = PricedLineColumns<'unit_price'> & { quotation_id: number };

export type InvoiceTable = TenantColumns &
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
export interface InvoiceLineTable extends PricedLineColumns<'unit_price'> {
  invoice_id: number;
  unit_cost: number;
}

// An interface, so that a later migration declares the columns it adds beside it (CONTRIBUTING.md).
export interface InvoicePaymentTable extends PaymentColumns {
  invoice_id: number;
}

export type StockRequestTable = TenantColumns &
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

export type StockTransferTable = TenantColumns &
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
  // What the sender settled as lost in transit (migration 048).
  lost_quantity: Generated<number>;
};

// A receive and a return are the two arrivals of a transfer's goods: at its destination, or back at its source.
type ArrivalColumns = TenantColumns & { number: string; stock_transfer_id: number; notes: string | null };
type ArrivalLineColumns = LineColumns & { stock_transfer_line_id: number; item_id: number; quantity: number };

// The damaged part of a receive and the loss adjustment that wrote it off (migration 048).
export type StockReceiveTable = ArrivalColumns & { received_date: string; damage_adjustment_id: number | null };
export type StockReceiveLineTable = ArrivalLineColumns & {
  stock_receive_id: number;
  damaged_quantity: Generated<number>;
  damage_reason: string | null;
};
export type StockReturnTable = ArrivalColumns & { return_date: string; reason: string | null };
export type StockReturnLineTable = ArrivalLineColumns & { stock_return_id: number };

// One row per item and location; location_key (B1, W3) carries the unique rule that NULL columns cannot.
export type StockTable = TenantColumns &
  LocationColumns & {
    item_id: number;
    location_key: string;
    quantity_on_hand: number;
    quantity_in_transit: number;
    average_unit_cost: number;
    // Σ quantity_delta × unit_cost of the on-hand movements, thousandths × centavos (migration 030).
    value_on_hand: number;
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
  // Value beyond quantity_delta × unit_cost, thousandths × centavos: a revaluation's, whose quantity is 0 (migration
  // 059).
  value_delta: Generated<number>;
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
