import { useEffect, useRef } from 'react';
import { type UseFormReturn, useFormContext, useWatch } from 'react-hook-form';
import type { LineField, LinePricing } from '../../../resources/resource.ts';
import { lineColumn, lineKeys } from '../form-values.ts';
import { defaultLinePrice } from './line-prices.ts';

export type PriceNote = 'looking' | 'none' | null;

// The field whose price list a document's lines follow: the supplier's (purchase) or the branch's (sale).
export const pricingParty = (pricing: LinePricing): string =>
  pricing.side === 'purchase' ? 'contact_id' : 'branch_id';

export const missingPriceMessage = (pricing: LinePricing): string =>
  `No price in effect for this item on this date/${pricing.side === 'purchase' ? 'supplier' : 'branch'}.`;

type Form = Pick<UseFormReturn, 'getValues' | 'setValue' | 'formState'>;

// Prices one line from the price lists as they stand for the document's date and party. The line is marked
// auto-priced, so that a later change of date or party prices it again; with no price in effect its old price is
// dropped and the line says so. An answer that arrives after the line's item, the date or the party changed is
// ignored: a newer lookup is on its way.
export async function priceLineFromList(
  form: Form,
  row: string,
  itemColumn: string,
  pricing: LinePricing,
  priceColumn: string,
) {
  const { getValues, setValue } = form;
  const itemId: unknown = getValues(`${row}.${itemColumn}`);
  const date: unknown = getValues(pricing.dateField);
  const party: unknown = getValues(pricingParty(pricing));
  // A date half typed (2026-12-0) has no prices yet.
  if (typeof itemId !== 'number' || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
  setValue(`${row}.${lineKeys.priceNote}`, 'looking');
  const price = await defaultLinePrice({
    side: pricing.side,
    itemId,
    date,
    partyId: typeof party === 'number' ? party : null,
  }).catch(() => null);
  const stale =
    getValues(`${row}.${itemColumn}`) !== itemId ||
    getValues(pricing.dateField) !== date ||
    getValues(pricingParty(pricing)) !== party ||
    getValues(`${row}.${lineKeys.autoPriced}`) === false;
  if (stale) return;
  setValue(`${row}.${lineKeys.priceNote}`, price === null ? 'none' : null);
  setValue(`${row}.${priceColumn}`, price, { shouldValidate: form.formState.isSubmitted });
}

// Prices follow the document: when its date or party changes, every line priced from the lists is priced again.
// A price the user typed stays.
export function useLinesFollowPricing(name: string, columns: readonly LineField[], pricing: LinePricing | undefined) {
  const form = useFormContext();
  const followed: string[] = pricing ? [pricing.dateField, pricingParty(pricing)] : [];
  const watched: unknown[] = useWatch({ name: followed });
  const [date, party] = Array.isArray(watched) ? watched : [];
  const settled = useRef({ date, party });
  const itemColumn = lineColumn(columns, 'item');
  const priceColumn = lineColumn(columns, 'money');
  useEffect(() => {
    if (settled.current.date === date && settled.current.party === party) return;
    settled.current = { date, party };
    if (!pricing || !itemColumn || !priceColumn) return;
    const lines: unknown = form.getValues(name);
    if (!Array.isArray(lines)) return;
    lines.forEach((line: Record<string, unknown>, index) => {
      if (line[lineKeys.autoPriced] !== true) return;
      void priceLineFromList(form, `${name}.${index}`, itemColumn, pricing, priceColumn);
    });
  }, [date, party, form, name, pricing, itemColumn, priceColumn]);
}
