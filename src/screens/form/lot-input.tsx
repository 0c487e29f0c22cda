import { Input, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { getGetItemQueryKey, getItem } from '../../../generated/hooks/items/items.ts';
import { toTextOrNull } from './number-value.ts';

export type LotInputProps = {
  path: string;
  label: string;
  kind: 'lot-number' | 'expiry';
  // true or false when the line knows whether its item is kept by lot, null when it must look the item up.
  lotTracked: boolean | null;
  itemId: number | null;
  // An issue's lot is optional (left empty, the earliest good expiry goes first); a receipt's is not.
  optional: boolean;
};

// A line's lot number or expiry date: an input on a line of a lot-tracked item, a dash on others (their stock has
// no lots). A line filled from another document asks its item once whether it is kept by lot.
export function LotInput({ path, label, kind, lotTracked, itemId, optional }: LotInputProps) {
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
  return (
    <Input
      aria-label={label}
      type={kind === 'expiry' ? 'date' : 'text'}
      placeholder={kind === 'lot-number' ? (optional ? 'Earliest expiry' : 'Lot number') : undefined}
      {...register(path, { setValueAs: toTextOrNull })}
    />
  );
}
