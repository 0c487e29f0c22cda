import type { Generated } from 'kysely';
import type { TenantColumns } from '../columns.ts';

// Stock adjustments and counts (migration 016). Money in integer centavos, quantities in integer thousandths, dates
// YYYY-MM-DD, timestamps ISO 8601 UTC text.

export const stockAdjustmentReasons = [
  'damaged',
  'lost',
  'found',
  'expired',
  'internal_use',
  'count',
  'opening',
  'other',
] as const;
export type StockAdjustmentReason = (typeof stockAdjustmentReasons)[number];

type LocationColumns = { branch_id: number | null; warehouse_id: number | null };

export type StockAdjustmentTable = TenantColumns &
  LocationColumns & {
    number: string;
    adjustment_date: string;
    reason: StockAdjustmentReason;
    notes: string | null;
    total_value: number;
  };

// `unit_cost` is what the line moved at: the given cost of an increase, the average a decrease left at.
export type StockAdjustmentLineTable = {
  id: Generated<number>;
  business_id: number;
  stock_adjustment_id: number;
  position: number;
  item_id: number;
  lot_number: string | null;
  expires_on: string | null;
  quantity_delta: number;
  unit_cost: number;
  value: number;
  created_at: string;
  updated_at: string;
};

export type StockCountStatus = 'counting' | 'posted' | 'cancelled';

// `scope` is JSON: {item_type_ids, brand_ids, item_classification_ids, item_ids}.
export type StockCountTable = TenantColumns &
  LocationColumns & {
    number: string;
    count_date: string;
    blind: number;
    notes: string | null;
    status: StockCountStatus;
    scope: string;
    uncounted: 'leave' | 'zero' | null;
    posted_at: string | null;
    stock_adjustment_id: number | null;
  };

export type StockCountLineTable = {
  id: Generated<number>;
  business_id: number;
  stock_count_id: number;
  item_id: number;
  lot_number: string | null;
  lot_key: string;
  expires_on: string | null;
  counted_quantity: number;
  counted_at: string;
  counted_by: number | null;
  created_at: string;
  updated_at: string;
};

export type StockAdjustmentTables = {
  stock_adjustments: StockAdjustmentTable;
  stock_adjustment_lines: StockAdjustmentLineTable;
  stock_counts: StockCountTable;
  stock_count_lines: StockCountLineTable;
};
