import { runReused } from '../db/reused-query.ts';
import type { TaxClassColumn, VatBreakdownColumns } from '../db/tables/philippine-sales.ts';
import { fieldError } from '../domain/refusal.ts';
import { computeSaleLine, type SaleLineFigures, sumVatBreakdown, type VatBreakdown } from '../domain/vat.ts';
import type { PostingContext } from './posting-context.ts';
import type { PricedLine } from './priced-lines.ts';
import { standingById } from './references.ts';

export type SpecialDiscountInput = { program_id: number; holder_name: string; holder_id_number: string };

export type VatPricedLine = PricedLine & {
  tax_class: TaxClassColumn;
  vat_amount: number;
  vat_removed: number;
  special_discount_amount: number;
};

// What a sales document's header keeps: its totals, the VAT breakdown and the special discount it gives.
export type VatHeaderColumns = VatBreakdown & StoredSpecialDiscount;

type Program = { id: number; percent: number; vat_exempt: boolean; itemTypeIds: Set<number> };

async function requireProgram(context: PostingContext, special: SpecialDiscountInput): Promise<Program> {
  const program = await standingById(context, 'discount_programs', special.program_id)
    .select(['id', 'percent', 'vat_exempt'])
    .executeTakeFirst();
  if (!program) throw fieldError('special_discount.program_id', 'Choose a discount program from the list.');
  const holder = { holder_name: "Enter the holder's name.", holder_id_number: "Enter the holder's ID number." };
  for (const field of ['holder_name', 'holder_id_number'] as const) {
    if (special[field].trim() === '') throw fieldError(`special_discount.${field}`, holder[field]);
  }
  const types = await context.trx
    .selectFrom('discount_program_item_types')
    .select('item_type_id')
    .where('discount_program_id', '=', program.id)
    .execute();
  return {
    id: program.id,
    percent: program.percent,
    vat_exempt: program.vat_exempt === 1,
    itemTypeIds: new Set(types.map((type) => type.item_type_id)),
  };
}

type VatItem = { id: number; tax_class: TaxClassColumn; item_type_id: number };

// Re-prices sales lines (already priced and tier-discounted) under docs/domain/sales.md (Philippine VAT; Senior citizen
// and PWD discounts): each item's tax class, the business's VAT registration and the special discount, when one is
// given, on the lines it qualifies for. `known`: every line's item, when the caller has just read them
// (requireLineItems); otherwise they are read here. `vatRegistered`: the business's registration, when the caller
// has read it (requireSaleFacts).
export async function applyVat(
  context: PostingContext,
  lines: readonly PricedLine[],
  special: SpecialDiscountInput | null | undefined,
  known?: ReadonlyMap<number, VatItem>,
  vatRegistered?: boolean,
): Promise<{ lines: VatPricedLine[]; header: VatHeaderColumns }> {
  const program = special ? await requireProgram(context, special) : null;
  const itemOf = known ?? (await readVatItems(context, lines));
  const settings = { vatRegistered: vatRegistered ?? (await readVatRegistration(context)), program };
  const figures: SaleLineFigures[] = lines.map((line) => {
    const item = itemOf.get(line.item_id);
    return computeSaleLine(
      {
        quantity: line.quantity,
        unit_price: line.price,
        discount_percent: line.discount_percent,
        tax_class: item?.tax_class ?? 'vatable',
        qualifies: program !== null && item !== undefined && program.itemTypeIds.has(item.item_type_id),
      },
      settings,
    );
  });
  return {
    lines: lines.map((line, index) => {
      const figure = figures[index] as SaleLineFigures;
      return {
        ...line,
        gross: figure.gross,
        discount: figure.discount,
        amount: figure.amount,
        tax_class: figure.counted_as,
        vat_amount: figure.vat,
        vat_removed: figure.vat_removed,
        special_discount_amount: figure.special_discount,
      };
    }),
    header: {
      ...sumVatBreakdown(figures),
      special_discount_program_id: special ? special.program_id : null,
      special_discount_holder_name: special ? special.holder_name.trim() : null,
      special_discount_holder_id_number: special ? special.holder_id_number.trim() : null,
    },
  };
}

async function readVatRegistration(context: PostingContext): Promise<boolean> {
  const [business] = await runReused(context.trx, 'business VAT registration', [context.businessId] as const, ([id]) =>
    context.trx.selectFrom('businesses').select('is_vat_registered').where('id', '=', id),
  );
  if (!business) throw new Error(`No business ${context.businessId}.`);
  return business.is_vat_registered === 1;
}

async function readVatItems(context: PostingContext, lines: readonly PricedLine[]): Promise<Map<number, VatItem>> {
  const itemIds = [...new Set(lines.map((line) => line.item_id))];
  const items = await context.trx
    .selectFrom('items')
    .select(['id', 'tax_class', 'item_type_id'])
    .where('business_id', '=', context.businessId)
    .where('id', 'in', [...itemIds, 0])
    .execute();
  return new Map(items.map((item) => [item.id, item]));
}

// A sale's line as stored (a quotation's, an invoice's, a job order's): its priced figures and its VAT.
export function saleLineColumns(line: VatPricedLine) {
  return {
    position: line.position,
    item_id: line.item_id,
    quantity: line.quantity,
    unit_price: line.price,
    discount_percent: line.discount_percent,
    amount: line.amount,
    tax_class: line.tax_class,
    vat_amount: line.vat_amount,
    vat_removed: line.vat_removed,
    special_discount_amount: line.special_discount_amount,
  };
}

type StoredSpecialDiscount = Pick<
  VatBreakdownColumns,
  'special_discount_program_id' | 'special_discount_holder_name' | 'special_discount_holder_id_number'
>;

// The special discount a stored document gives, as it was entered.
export function storedSpecialDiscount(row: StoredSpecialDiscount): SpecialDiscountInput | null {
  if (row.special_discount_program_id === null) return null;
  return {
    program_id: row.special_discount_program_id,
    holder_name: row.special_discount_holder_name ?? '',
    holder_id_number: row.special_discount_holder_id_number ?? '',
  };
}
