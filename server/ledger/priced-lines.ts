import { type DiscountTier, pickDiscountPercent } from '../domain/discount-tier.ts';
import { computeLineAmount } from '../domain/line-amount.ts';
import { type Centavos, centavosToPesos } from '../domain/money.ts';
import { fromThousandths, toThousandths } from '../domain/quantity.ts';
import {
  defaultReceiptCost,
  latestSalePrice,
  missingPurchaseCost,
  missingSalePrice,
  resolveLinePrices,
} from './default-prices.ts';
import type { PostingContext } from './posting-context.ts';
import { type ItemFacts, requireLineItems } from './references.ts';

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

// A stored sale line's item, quantity, price and discount as a body gives them (units and pesos), to be priced again or
// to fill the next document.
export function storedSaleLine<Discount>(line: {
  item_id: number;
  quantity: number | string;
  unit_price: number | string;
  discount_percent: Discount;
}) {
  return {
    item_id: line.item_id,
    quantity: fromThousandths(Number(line.quantity)),
    unit_price: centavosToPesos(Number(line.unit_price)),
    discount_percent: line.discount_percent,
  };
}

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

type SaleLineInput = { item_id: number; quantity: number; unit_price?: number; discount_percent?: number | null };

// A sale's lines (a quotation's, an invoice's, a job order's), their items checked: an omitted unit price is the
// branch's latest sale price on the document's date. Answers the facts of the items too, which posting needs again.
// `known`: the items as already read (requireSaleFacts).
export async function priceSaleLines(
  context: PostingContext,
  lines: readonly SaleLineInput[],
  branchId: number,
  onDate: string,
  known?: ReadonlyMap<number, ItemFacts>,
): Promise<{ priced: PricedLine[]; items: Map<number, ItemFacts> }> {
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
    known,
  );
  const resolved = await resolveLinePrices(
    lines,
    'unit_price',
    (line) => latestSalePrice(context.trx, context.businessId, line.item_id, branchId, onDate),
    missingSalePrice,
  );
  return { priced: await priceLines(context, 'sale', resolved), items };
}

type PurchaseLineInput = {
  item_id: number;
  quantity: number;
  unit_cost?: number;
  discount_percent?: number | null;
  purchase_order_line_id?: number | null;
};

// A purchase's lines (an order's, a bill's): an omitted unit cost is the order line's, else the supplier's latest
// price on the document's date.
export async function pricePurchaseLines(
  context: PostingContext,
  lines: readonly PurchaseLineInput[],
  supplierId: number,
  onDate: string,
): Promise<PricedLine[]> {
  const resolved = await resolveLinePrices(
    lines,
    'unit_cost',
    (line) => defaultReceiptCost(context, line, supplierId, onDate),
    missingPurchaseCost,
  );
  return priceLines(context, 'purchase', resolved);
}
