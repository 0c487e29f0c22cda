import { listPurchaseItemPrices } from '../../../../generated/hooks/purchase-item-prices/purchase-item-prices.ts';
import { listSaleItemPrices } from '../../../../generated/hooks/sale-item-prices/sale-item-prices.ts';
import type { LinePricing } from '../../../resources/resource.ts';

export type PriceQuery = {
  side: LinePricing['side'];
  itemId: number;
  date: string;
  // The supplier (purchase) or the branch (sale) the document is for; null when the form has none yet.
  partyId: number | null;
};

// More prices than one item has on file in practice; the newest on or before the date is among them.
const pageSize = 100;

type Dated = { id: number; effective_date: string };

// Newest effective date first; on the same day the later record (the correction) wins.
const newestFirst = (a: Dated, b: Dated) => b.effective_date.localeCompare(a.effective_date) || b.id - a.id;

// The price a new line starts with (docs/domain/sales.md, Sale prices; docs/domain/purchasing.md, Purchase prices): the
// latest effective price on or before the document date, the supplier's for purchases, the branch's own before the
// every-branch price of the same day for sales.
export async function defaultLinePrice({ side, itemId, date, partyId }: PriceQuery): Promise<number | null> {
  if (side === 'purchase') {
    if (partyId === null) return null;
    const page = await listPurchaseItemPrices({
      item_id: itemId,
      contact_id: partyId,
      effective_date_to: date,
      per_page: pageSize,
    });
    return [...page.data].sort(newestFirst)[0]?.unit_cost ?? null;
  }
  const page = await listSaleItemPrices({ item_id: itemId, effective_date_to: date, per_page: pageSize });
  const [latest] = page.data
    .filter((price) => price.branch_id === null || price.branch_id === partyId)
    .sort(
      (a, b) =>
        b.effective_date.localeCompare(a.effective_date) ||
        Number(b.branch_id !== null) - Number(a.branch_id !== null) ||
        b.id - a.id,
    );
  return latest?.unit_price ?? null;
}
