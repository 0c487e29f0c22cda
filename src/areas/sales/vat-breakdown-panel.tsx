import { DataList } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { getGetItemQueryKey, getItem } from '../../../generated/hooks/items/items.ts';
import type { DiscountProgram } from '../../../generated/model/index.ts';
import { computeVatBreakdown, type TaxClass } from '../../../server/domain/vat.ts';
import { getSelectedBusinessId } from '../../api/selected-business.ts';
import { useBusinesses } from '../../auth/session.ts';
import { toCentavos, toPesos, toThousandths } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';

type Line = { item_id?: unknown; quantity?: unknown; unit_price?: unknown; discount_percent?: unknown };

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// The sale's totals as its lines are typed, computed by the same rule the server stores (server/domain/vat.ts):
// each line's item tax class and type, the business's VAT registration, the program.
export function useSaleTotals(program: DiscountProgram | null) {
  const watched: unknown = useWatch({ name: 'lines' });
  const lines = (Array.isArray(watched) ? watched : []) as Line[];
  const itemIds = [...new Set(lines.map((line) => asNumber(line.item_id)).filter((id) => id !== null))];
  const items = useQueries({
    queries: itemIds.map((id) => ({
      queryKey: getGetItemQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getItem(id, undefined, signal),
      staleTime: 60_000,
    })),
  });
  const itemOf = new Map(items.flatMap((query) => (query.data ? [[query.data.id, query.data] as const] : [])));
  const business = useBusinesses(true).data?.find((candidate) => candidate.id === getSelectedBusinessId());
  const vatRegistered = business?.is_vat_registered ?? true;
  const { totals, lines: figures } = computeVatBreakdown(
    lines.map((line) => {
      const item = itemOf.get(asNumber(line.item_id) ?? 0);
      return {
        quantity: toThousandths(asNumber(line.quantity) ?? 0),
        unit_price: toCentavos(asNumber(line.unit_price) ?? 0),
        discount_percent: asNumber(line.discount_percent),
        tax_class: (item?.tax_class ?? 'vatable') as TaxClass,
        qualifies: program !== null && item !== undefined && program.item_type_ids.includes(item.item_type_id),
      };
    }),
    { vatRegistered, program: program ? { percent: program.percent, vat_exempt: program.vat_exempt } : null },
  );
  // Each line's figures with its item's type, for what a benefit covers (loa-split-section.tsx).
  const itemTypes = lines.map((line) => itemOf.get(asNumber(line.item_id) ?? 0)?.item_type_id ?? null);
  return { totals, vatRegistered, figures, itemTypes };
}

// The document's VAT breakdown as the lines are typed.
export function VatBreakdownPanel({ program }: { program: DiscountProgram | null }) {
  const { totals, vatRegistered } = useSaleTotals(program);
  // As the printed invoice reads: what was sold, what comes off it, the amount due; then the VAT breakdown.
  const rows: [string, number][] = [
    ['Total sales', totals.subtotal],
    ...(totals.discount_total > 0 ? ([['Less: Discount', totals.discount_total]] as [string, number][]) : []),
    ...(program
      ? ([
          ['Less: VAT (SC/PWD)', totals.vat_removed],
          ['Less SC/PWD discount', totals.special_discount_total],
        ] as [string, number][])
      : []),
  ];
  const breakdown: [string, number][] = vatRegistered
    ? [
        ['VATable Sales', totals.vatable_sales],
        ['VAT (12%)', totals.vat_amount],
        ['VAT-Exempt Sales', totals.vat_exempt_sales],
        ['Zero-Rated Sales', totals.zero_rated_sales],
      ]
    : [];
  return (
    <DataList.Root orientation="horizontal" alignSelf="end" size="sm" aria-label="VAT breakdown">
      <MoneyItems rows={rows} />
      <DataList.Item>
        <DataList.ItemLabel fontWeight="semibold">Amount due</DataList.ItemLabel>
        <DataList.ItemValue justifyContent="end" fontWeight="semibold">
          {formatMoney(toPesos(totals.total))}
        </DataList.ItemValue>
      </DataList.Item>
      <MoneyItems rows={breakdown} />
    </DataList.Root>
  );
}

// A sale's amounts as rows of a DataList: each label with its amount (in centavos), read from the right.
export function MoneyItems({ rows }: { rows: readonly (readonly [string, number])[] }) {
  return (
    <>
      {rows.map(([label, centavos]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="end">{formatMoney(toPesos(centavos))}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </>
  );
}
