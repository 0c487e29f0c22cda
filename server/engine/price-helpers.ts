import { dialectOf } from '../db/dialect.ts';
import { hasAtMostDecimals, pesosToCentavos } from '../domain/money.ts';
import { fieldError } from '../domain/refusal.ts';
import { dynamic } from './dynamic.ts';
import type { ListFilter } from './resource.ts';
import { containsTextIndexed } from './search-index.ts';

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
