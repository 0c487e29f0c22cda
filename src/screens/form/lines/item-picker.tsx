import { useCallback } from 'react';
import { searchItems } from '../../../../generated/hooks/items/items.ts';
import type { Item } from '../../../../generated/model/index.ts';
import { type RemoteOption, RemoteSelect } from '../../../ui/remote-select.tsx';
import { typeAheadLimit } from '../../../ui/type-ahead.tsx';
import { usePicked } from '../use-picked.ts';

export type ItemPickerProps = {
  name: string;
  invalid: boolean;
  itemTypes?: readonly string[] | undefined;
  // A lens line picked by prescription offers lens families, not each of their powers.
  withoutVariants?: boolean;
  onPick: (item: Item | null) => void;
};

// The name first, as people ask for a frame ("Gucci GG0396O Cat Eye Optical · GG-0396O-002"): in a narrow field or on
// a phone the start is what shows, and a code read first told one Gucci from another only after a second look.
export const itemLabel = (item: Pick<Item, 'code' | 'name'>) => `${item.name} · ${item.code}`;

// The item type-ahead of a document line: matches code, name or barcode, and hands the whole item to the line
// (its unit and discount tiers) without a second request: each option carries its item, also when the option comes
// from answers another line's picker holds.
export function ItemPicker({ name, invalid, itemTypes, withoutVariants = false, onPick }: ItemPickerProps) {
  const { select } = usePicked(name);
  const typeKey = itemTypes?.join('|') ?? '';
  // A line whose role allows some item types (a frame line) asks for more and keeps the items of those types.
  const search = useCallback(
    async (text: string, signal: AbortSignal): Promise<RemoteOption<Item>[]> => {
      const allowed = typeKey === '' ? null : typeKey.split('|');
      const items = await searchItems(
        {
          q: text,
          limit: allowed ? 100 : typeAheadLimit,
          ...(withoutVariants ? { without_variants: 1 as const } : {}),
        },
        undefined,
        signal,
      );
      // The allowed types in their order: a lens line lists spectacle lenses before contact lenses.
      const rank = (item: Item) => allowed?.indexOf(item.item_type_name ?? '') ?? 0;
      const fitting = allowed
        ? items
            .filter((item) => rank(item) >= 0)
            .sort((first, second) => rank(first) - rank(second))
            .slice(0, typeAheadLimit)
        : items;
      return fitting.map((item) => ({ value: item.id, label: itemLabel(item), record: item }));
    },
    [typeKey, withoutVariants],
  );
  return (
    <RemoteSelect
      {...select}
      invalid={invalid}
      placeholder="Code, name or barcode"
      search={search}
      searchKey={['item-picker', typeKey, withoutVariants]}
      // In the lines table's scrolling box the list would be cut to a line or two: it floats over the page instead.
      floating
      onChange={(option) => onPick(option?.record ?? null)}
    />
  );
}
