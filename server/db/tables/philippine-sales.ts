import type { Generated } from 'kysely';
import type { RecordColumns, TenantColumns } from '../columns.ts';

// The columns that selling in the Philippines adds to existing tables (migration 008), and its own two tables.
// Composed into Database by intersection, so each table's type is its own columns plus these.

export type TaxClassColumn = 'vatable' | 'vat_exempt' | 'zero_rated';

// Defaulted columns are Generated: writers that predate them (the bench, tests) may leave them out.
export type VatBreakdownColumns = {
  vat_removed: Generated<number>;
  special_discount_total: Generated<number>;
  vatable_sales: Generated<number>;
  vat_amount: Generated<number>;
  vat_exempt_sales: Generated<number>;
  zero_rated_sales: Generated<number>;
  special_discount_program_id: number | null;
  special_discount_holder_name: string | null;
  special_discount_holder_id_number: string | null;
};

export type VatLineColumns = {
  tax_class: Generated<TaxClassColumn>;
  vat_amount: Generated<number>;
  vat_removed: Generated<number>;
  special_discount_amount: Generated<number>;
};

export type DiscountProgramsTable = TenantColumns & { name: string; percent: number; vat_exempt: number };

export type DiscountProgramItemTypesTable = {
  id: RecordColumns['id'];
  business_id: number;
  discount_program_id: number;
  item_type_id: number;
};

export type PhilippineSalesTables = {
  businesses: {
    registered_name: string | null;
    is_vat_registered: Generated<number>;
    invoice_footer: string | null;
  };
  items: { tax_class: Generated<TaxClassColumn> };
  quotations: VatBreakdownColumns;
  quotation_lines: VatLineColumns;
  invoices: VatBreakdownColumns;
  invoice_lines: VatLineColumns;
  job_orders: VatBreakdownColumns;
  job_order_lines: VatLineColumns;
  discount_programs: DiscountProgramsTable;
  discount_program_item_types: DiscountProgramItemTypesTable;
};
