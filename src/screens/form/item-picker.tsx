import { useCallback, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { searchItems } from '../../../generated/hooks/items/items.ts';
import type { Item } from '../../../generated/model/index.ts';
import { RemoteSelect } from '../../ui/remote-select.tsx';
import { typeAheadLimit } from '../../ui/type-ahead.tsx';
import { labelKey } from './form-values.ts';

export type ItemPickerProps = { name: string; invalid: boolean; onPick: (item: Item | null) => void };

export const itemLabel = (item: Pick<Item, 'code' | 'name'>) => `${item.code} · ${item.name}`;

// The item type-ahead of a document line: matches code, name or barcode, and hands the whole item to the line
// (its unit and discount tiers) without a second request.
export function ItemPicker({ name, invalid, onPick }: ItemPickerProps) {
  const { watch } = useFormContext();
  const { field } = useController({ name });
  const found = useRef(new Map<number, Item>());
  const search = useCallback(async (text: string, signal: AbortSignal) => {
    const items = await searchItems({ q: text, limit: typeAheadLimit }, undefined, signal);
    for (const item of items) found.current.set(item.id, item);
    return items.map((item) => ({ value: item.id, label: itemLabel(item) }));
  }, []);
  const label: unknown = watch(labelKey(name));
  const value = typeof field.value === 'number' ? field.value : null;
  return (
    <RemoteSelect
      name={name}
      value={value}
      label={typeof label === 'string' && label !== '' ? label : value === null ? '' : `#${value}`}
      invalid={invalid}
      placeholder="Code, name or barcode"
      search={search}
      onChange={(option) => onPick(option ? (found.current.get(option.value) ?? null) : null)}
    />
  );
}
