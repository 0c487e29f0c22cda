import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { centavosToPesos, hasAtMostDecimals, pesosToCentavos } from '../domain/money.ts';
import { fieldError } from '../domain/refusal.ts';
import { auditColumns, dynamic } from './dynamic.ts';
import { nameOf, namesById } from './lookups.ts';
import type { ListFilter } from './resource.ts';
import { containsTextIndexed } from './search/search-index.ts';

// The API speaks pesos; the table keeps centavos.
export function moneyColumn<K extends string>(
  input: Partial<Record<K, number>> & Record<string, unknown>,
  field: K,
): Record<string, unknown> {
  const pesos = input[field];
  if (pesos === undefined) return input;
  if (!hasAtMostDecimals(pesos, 2))
    throw fieldError(field, `The ${field.replace('_', ' ')} may have at most 2 decimals.`);
  return { ...input, [field]: pesosToCentavos(pesos) };
}

// Price lists are searched by the item's code or name and by the name of the other party (supplier or branch).
export function textMatchesOf(
  table: 'purchase_item_prices' | 'sale_item_prices',
  partyColumn: 'contact_id' | 'branch_id',
  partyTable: 'contacts' | 'branches',
): ListFilter {
  return async (text, ctx) => {
    const dialect = dialectOf(ctx.db);
    const needle = String(text);
    const rows = await dynamic(ctx.db)
      .selectFrom(`${table} as price`)
      .innerJoin('items', 'items.id', 'price.item_id')
      .leftJoin(`${partyTable} as party`, 'party.id', `price.${partyColumn}`)
      .select('price.id')
      .where('price.business_id', '=', ctx.businessId ?? 0)
      .where(
        containsTextIndexed(
          dialect,
          [
            { table: 'items', id: 'items.id' },
            { table: partyTable, id: 'party.id' },
          ],
          ['items.code', 'items.name', 'party.name'],
          needle,
        ),
      )
      .execute();
    return rows.map((row) => Number(row.id));
  };
}

type PriceRow = Parameters<typeof auditColumns>[0] & { business_id: number; item_id: number; effective_date: string };

// A price list's record as the API answers it: the price in pesos, with the item's and the other party's names.
export async function presentPrices<P extends 'contact_id' | 'branch_id', M extends 'unit_cost' | 'unit_price'>(
  db: Kysely<Database>,
  rows: readonly (PriceRow & Record<P, number | null> & Record<M, number>)[],
  party: { column: P; table: 'contacts' | 'branches'; name: `${string}_name` },
  money: M,
): Promise<Record<string, unknown>[]> {
  const [items, parties] = await Promise.all([
    namesById(
      db,
      'items',
      rows.map((row) => row.item_id),
    ),
    namesById(
      db,
      party.table,
      rows.map((row) => row[party.column]),
    ),
  ]);
  return rows.map((row) => ({
    ...auditColumns(row),
    business_id: row.business_id,
    item_id: row.item_id,
    [party.column]: row[party.column],
    [money]: centavosToPesos(row[money]),
    effective_date: row.effective_date,
    item_name: nameOf(items, row.item_id),
    [party.name]: nameOf(parties, row[party.column]),
  }));
}
