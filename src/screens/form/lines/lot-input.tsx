import { Input, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { getGetItemQueryKey, getItem } from '../../../../generated/hooks/items/items.ts';
import { listStockLots } from '../../../../generated/hooks/stock-lots/stock-lots.ts';
import { formatDate } from '../../../format/date.ts';
import { formatQuantity } from '../../../format/quantity.ts';
import { ChoiceSelect } from '../../../ui/choice-select.tsx';
import { toTextOrNull } from '../number-value.ts';
import { useStockHere } from './on-hand.tsx';

export type LotInputProps = {
  path: string;
  label: string;
  kind: 'lot-number' | 'expiry';
  // true or false when the line knows whether its item is kept by lot, null when it must look the item up.
  lotTracked: boolean | null;
  itemId: number | null;
  // An issue's lot is optional (left empty, the earliest good expiry goes first); a receipt's is not.
  optional: boolean;
  // The lot is one of those on hand at the document's location, chosen from a list.
  onHand?: boolean;
};

// A line's lot number or expiry date: an input on a line of a lot-tracked item, a dash on others (their stock has
// no lots). A line filled from another document asks its item once whether it is kept by lot.
export function LotInput({ path, label, kind, lotTracked, itemId, optional, onHand }: LotInputProps) {
  const { register } = useFormContext();
  const item = useQuery({
    queryKey: getGetItemQueryKey(itemId ?? 0),
    queryFn: ({ signal }) => getItem(itemId ?? 0, undefined, signal),
    enabled: lotTracked === null && itemId !== null,
    staleTime: 60_000,
  });
  const tracked = lotTracked ?? (itemId === null ? true : item.data?.is_lot_tracked);
  if (tracked !== true) {
    return (
      <Text py="2" color="fg.muted" aria-label={label}>
        —
      </Text>
    );
  }
  if (onHand) return <LotOnHandSelect path={path} label={label} itemId={itemId} />;
  return (
    <Input
      aria-label={label}
      type={kind === 'expiry' ? 'date' : 'text'}
      placeholder={kind === 'lot-number' ? (optional ? 'Earliest expiry' : 'Lot number') : undefined}
      {...register(path, { setValueAs: toTextOrNull })}
    />
  );
}

// The lots of the line's item on hand where the document's goods leave from, earliest expiry first; left empty, the
// earliest good expiry goes first.
function LotOnHandSelect({ path, label, itemId }: { path: string; label: string; itemId: number | null }) {
  const { register } = useFormContext();
  const stockId = useStockHere(itemId)?.[0]?.id ?? null;
  const lots = useQuery({
    queryKey: ['stock-lots', 'on-hand', stockId],
    queryFn: ({ signal }) => listStockLots({ stock_id: stockId ?? 0, per_page: 100 }, undefined, signal),
    enabled: stockId !== null,
    staleTime: 10_000,
  });
  const choices = (lots.data?.data ?? [])
    .filter((lot) => Number(lot.quantity_on_hand) > 0)
    .sort((a, b) => a.expires_on.localeCompare(b.expires_on))
    .map((lot) => ({
      value: lot.lot_number,
      label: `${lot.lot_number} (exp. ${formatDate(lot.expires_on)}), ${formatQuantity(Number(lot.quantity_on_hand))} on hand`,
    }));
  return (
    <ChoiceSelect
      aria-label={label}
      choices={choices}
      empty="Earliest expiry"
      {...register(path, { setValueAs: toTextOrNull })}
    />
  );
}
