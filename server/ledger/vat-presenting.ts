import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { VatBreakdownColumns } from '../db/tables/philippine-sales.ts';
import { centavosToPesos } from '../domain/money.ts';

type VatRow = Selectable<VatBreakdownColumns>;

// A quotation's, invoice's or job order's VAT breakdown in pesos, and the special discount it gives with its program's name
// and percent (a program deleted since still names itself).
export async function presentVat(db: Kysely<Database>, rows: readonly VatRow[]) {
  const ids = [...new Set(rows.map((row) => row.special_discount_program_id).filter((id) => id !== null))];
  const programs =
    ids.length === 0
      ? []
      : await db.selectFrom('discount_programs').select(['id', 'name', 'percent']).where('id', 'in', ids).execute();
  const programOf = new Map(programs.map((program) => [program.id, program]));
  return (row: VatRow) => vatOf(row, programOf.get(row.special_discount_program_id ?? 0) ?? null);
}

export type ProgramLabel = { name: string | null; percent: number };

// One row's breakdown, its special discount's program as read with it (null once gone).
export function vatOf(row: VatRow, program: ProgramLabel | null) {
  return {
    vat_removed: centavosToPesos(Number(row.vat_removed)),
    special_discount_total: centavosToPesos(Number(row.special_discount_total)),
    vatable_sales: centavosToPesos(Number(row.vatable_sales)),
    vat_amount: centavosToPesos(Number(row.vat_amount)),
    vat_exempt_sales: centavosToPesos(Number(row.vat_exempt_sales)),
    zero_rated_sales: centavosToPesos(Number(row.zero_rated_sales)),
    special_discount:
      row.special_discount_program_id === null
        ? null
        : {
            program_id: row.special_discount_program_id,
            program_name: program?.name ?? null,
            percent: program?.percent ?? 0,
            holder_name: row.special_discount_holder_name ?? '',
            holder_id_number: row.special_discount_holder_id_number ?? '',
          },
  };
}
