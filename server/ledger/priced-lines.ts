import { type DiscountTier, pickDiscountPercent } from '../domain/discount-tier.ts';
import { computeLineAmount } from '../domain/line-amount.ts';
import type { Centavos } from '../domain/money.ts';
import { toThousandths } from '../domain/quantity.ts';
import type { PostingContext } from './posting-context.ts';

export type PricedLineInput = {
  item_id: number;
  quantity: number;
  price: Centavos;
  discount_percent?: number | null;
};

export type PricedLine = {
  position: number;
  item_id: number;
  quantity: number;
  price: number;
  discount_percent: number | null;
  gross: number;
  discount: number;
  amount: number;
};

// Turns API lines (decimal quantities, prices already resolved to centavos) into stored figures. A line that
// leaves its discount out gets the item's tier for its quantity; an explicit discount, zero included, is kept as
// the user typed it.
export async function priceLines(
  context: PostingContext,
  kind: 'purchase' | 'sale',
  lines: readonly PricedLineInput[],
): Promise<PricedLine[]> {
  // Only a line that leaves its discount out takes a tier.
  const itemIds = [...new Set(lines.filter((line) => line.discount_percent === undefined).map((line) => line.item_id))];
  const tiers =
    itemIds.length === 0
      ? []
      : await context.trx
          .selectFrom('item_discount_tiers')
          .select(['item_id', 'quantity', 'discount_percent'])
          .where('business_id', '=', context.businessId)
          .where('kind', '=', kind)
          .where('item_id', 'in', itemIds)
          .execute();
  const tiersOf = new Map<number, DiscountTier[]>();
  for (const tier of tiers) {
    const list = tiersOf.get(tier.item_id) ?? [];
    list.push({ quantity: Number(tier.quantity), discount_percent: tier.discount_percent });
    tiersOf.set(tier.item_id, list);
  }
  return lines.map((line, position) => {
    const quantity = toThousandths(line.quantity);
    const discountPercent =
      line.discount_percent === undefined
        ? pickDiscountPercent(tiersOf.get(line.item_id) ?? [], quantity)
        : line.discount_percent;
    const figures = computeLineAmount(quantity, line.price, discountPercent);
    return {
      position,
      item_id: line.item_id,
      quantity,
      price: line.price,
      discount_percent: discountPercent,
      ...figures,
    };
  });
}
