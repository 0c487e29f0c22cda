import type { Generated } from 'kysely';
import type { TenantColumns } from '../columns.ts';
import type { PaymentMethod } from './documents.ts';
import type { TaxClassColumn } from './philippine-sales.ts';

// Credit and debit memoranda (migrations 017 and 018). Money in integer centavos, quantities in integer thousandths,
// dates YYYY-MM-DD, timestamps ISO 8601 UTC text.

export const memoReasons = ['returned', 'defective', 'price_adjustment', 'other'] as const;
export type MemoReason = (typeof memoReasons)[number];

// What a memo does with the part of its total that the document's balance could not take.
export type CreditSettlement = 'refund' | 'store_credit';
export type DebitSettlement = 'refund' | 'supplier_credit';

// applied_amount: what lowered the invoice's balance; excess_amount: the rest, settled as `settlement` says.
export type CreditMemoTable = TenantColumns & {
  number: string;
  reference_number: string;
  invoice_id: number;
  contact_id: number;
  branch_id: number;
  memo_date: string;
  reason: MemoReason;
  notes: string | null;
  total: number;
  vatable_sales: number;
  vat_amount: number;
  vat_exempt_sales: number;
  zero_rated_sales: number;
  applied_amount: number;
  excess_amount: number;
  settlement: CreditSettlement | null;
  refund_method: PaymentMethod | null;
  refund_reference: string | null;
};

// unit_cost: what the invoice line's goods left at, the cost a restocked line brings them back at.
export type CreditMemoLineTable = {
  id: Generated<number>;
  business_id: number;
  credit_memo_id: number;
  position: number;
  invoice_line_id: number;
  item_id: number;
  quantity: number;
  amount: number;
  tax_class: TaxClassColumn;
  vat_amount: number;
  restock: number;
  unit_cost: number;
  created_at: string;
  updated_at: string;
};

// bill_id: the bill whose balance the memo lowers, when one is named.
export type DebitMemoTable = TenantColumns & {
  number: string;
  reference_number: string;
  contact_id: number;
  branch_id: number | null;
  warehouse_id: number | null;
  bill_id: number | null;
  memo_date: string;
  reason: MemoReason;
  notes: string | null;
  total: number;
  applied_amount: number;
  excess_amount: number;
  settlement: DebitSettlement | null;
  refund_method: PaymentMethod | null;
  refund_reference: string | null;
};

// unit_cost is what the supplier credits per unit; stock_unit_cost the average the goods left the shelf at.
export type DebitMemoLineTable = {
  id: Generated<number>;
  business_id: number;
  debit_memo_id: number;
  position: number;
  item_id: number;
  bill_line_id: number | null;
  quantity: number;
  unit_cost: number;
  amount: number;
  lot_number: string | null;
  return_stock: number;
  stock_unit_cost: number;
  created_at: string;
  updated_at: string;
};

export type MemorandaTables = {
  debit_memos: DebitMemoTable;
  debit_memo_lines: DebitMemoLineTable;
  bills: { debited_total: Generated<number> };
  bill_lines: { debited_quantity: Generated<number> };
  credit_memos: CreditMemoTable;
  credit_memo_lines: CreditMemoLineTable;
  invoices: { credited_total: Generated<number> };
  invoice_lines: {
    credited_quantity: Generated<number>;
    credited_amount: Generated<number>;
    credited_vat: Generated<number>;
  };
  contacts: { store_credit: Generated<number>; supplier_credit: Generated<number> };
};
