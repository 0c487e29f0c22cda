import type { Generated } from 'kysely';
import type { TenantColumns } from '../columns.ts';

// The cash drawer and the day's readings (migration 019). Money in integer centavos, dates YYYY-MM-DD, timestamps ISO
// 8601 UTC text; `counted`, `totals_by_method` and `figures` are JSON text.

export type CashSessionStatus = 'open' | 'closed';
export type CashMovementKind = 'cash_in' | 'cash_out';

export type CashSessionTable = TenantColumns & {
  branch_id: number;
  user_id: number;
  business_date: string;
  opened_at: string;
  opening_float: number;
  status: CashSessionStatus;
  closed_at: string | null;
  closed_by: number | null;
  counted: string | null;
  counted_cash: number | null;
  expected_cash: number | null;
  difference: number | null;
  cash_received: number | null;
  cash_refunded: number | null;
  cash_in: number | null;
  cash_out: number | null;
  totals_by_method: string | null;
};

export type CashSessionMovementTable = {
  id: Generated<number>;
  business_id: number;
  cash_session_id: number;
  kind: CashMovementKind;
  amount: number;
  reason: string;
  created_at: string;
  created_by: number | null;
};

export type ZReadingTable = TenantColumns & {
  branch_id: number;
  business_date: string;
  number: string;
  z_counter: number;
  figures: string;
  net_sales: number;
  previous_grand_total: number;
  accumulated_grand_total: number;
  cash_difference: number;
};

// Migration 031 adds the terminal a document was made at (null only on rows it found without a branch's terminal)
// and the software's accreditation line the business prints.
type AtTerminal = { terminal_id: number | null };

export type CashTables = {
  businesses: { require_cash_session: Generated<number>; software_accreditation: string | null };
  cash_sessions: CashSessionTable & AtTerminal;
  cash_session_movements: CashSessionMovementTable;
  invoices: AtTerminal;
  invoice_payments: { cash_session_id: number | null } & AtTerminal;
  credit_memos: { cash_session_id: number | null } & AtTerminal;
  z_readings: ZReadingTable & AtTerminal;
};
