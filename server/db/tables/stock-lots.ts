import type { Generated } from 'kysely';
import type { TenantColumns } from '../columns.ts';

// The columns that lots and expiry add to existing tables (migration 011), and their own table. Composed into
// Database by intersection. Dates are YYYY-MM-DD strings, quantities integer thousandths.

// One row per item, location and lot; its item × location total stays in `stocks` (stock_id), which always
// equals the sum of its lots.
export type StockLotTable = TenantColumns & {
  stock_id: number;
  item_id: number;
  branch_id: number | null;
  warehouse_id: number | null;
  location_key: string;
  lot_number: string;
  expires_on: string;
  quantity_on_hand: number;
  quantity_in_transit: number;
};

type ReceiptLotColumns = { lot_number: string | null; expires_on: string | null };
type IssueLotColumn = { lot_number: string | null };

export type StockLotTables = {
  items: { is_lot_tracked: Generated<number> };
  stock_lots: StockLotTable;
  stock_movements: { stock_lot_id: number | null; lot_number: string | null; expires_on: string | null };
  receive_order_lines: ReceiptLotColumns;
  stock_receive_lines: ReceiptLotColumns;
  invoice_lines: IssueLotColumn;
  stock_transfer_lines: IssueLotColumn;
  stock_return_lines: IssueLotColumn;
};
