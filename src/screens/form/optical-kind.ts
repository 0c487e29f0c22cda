import { useQuery } from '@tanstack/react-query';
import { getGetItemTypeQueryKey, getItemType } from '../../../generated/hooks/item-types/item-types.ts';
import type { FormField, OpticalKind } from '../../resources/resource.ts';

// The optical kind of the item type chosen on an item form, read from the item type itself.
export function useOpticalKind(itemTypeId: unknown, wanted: boolean): OpticalKind | null {
  const id = typeof itemTypeId === 'number' ? itemTypeId : null;
  const itemType = useQuery({
    queryKey: getGetItemTypeQueryKey(id ?? 0),
    queryFn: ({ signal }) => getItemType(id ?? 0, undefined, signal),
    enabled: wanted && id !== null,
  });
  return id === null ? null : (itemType.data?.optical_kind ?? null);
}

// A field of some optical kinds shows only while the chosen item type is of one of them.
export function shownFor(field: FormField, kind: OpticalKind | null): boolean {
  return field.opticalKinds === undefined || (kind !== null && field.opticalKinds.includes(kind));
}
