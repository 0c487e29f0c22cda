import { HStack, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { RemoteSelect } from '../../ui/remote-select.tsx';
import { relationSearch } from '../shared/relation-search.ts';
import { labelKey } from './form-values.ts';
import { type HomeLocation, usableLocations } from './home-location.ts';

export type LocationKind = 'branch' | 'warehouse';

export type LocationInputProps = {
  name: string;
  // The field's label: the kind's select is named after it.
  label: string;
  // Where the chosen location is written: two id keys (branch_id / warehouse_id), or a type and an id (a user's home).
  target: { kind: 'pair'; prefix: string } | { kind: 'typed' };
  allowNone: boolean;
  invalid: boolean;
  // The document's own location offers only where the user may work; a user bound to a home picks its kind alone.
  usableOnly?: boolean;
  only?: HomeLocation | null;
  startsAs?: LocationKind | undefined;
};

// A location is a branch or a warehouse (docs/domain/README.md, Locations): pick the kind, then the record.
export function LocationInput({
  name,
  label: fieldLabel,
  target,
  allowNone,
  invalid,
  usableOnly,
  only,
  startsAs = 'branch',
}: LocationInputProps) {
  const { watch, setValue } = useFormContext();
  const keys =
    target.kind === 'pair'
      ? { branch: `${target.prefix}branch_id`, warehouse: `${target.prefix}warehouse_id` }
      : { branch: 'userable_id', warehouse: 'userable_id' };
  const storedKind: LocationKind | null =
    target.kind === 'typed'
      ? (() => {
          const type: unknown = watch('userable_type');
          return type === 'branch' || type === 'warehouse' ? type : null;
        })()
      : watch(keys.warehouse) !== null && watch(keys.warehouse) !== undefined
        ? 'warehouse'
        : watch(keys.branch) !== null && watch(keys.branch) !== undefined
          ? 'branch'
          : null;
  const [chosenKind, setChosenKind] = useState<LocationKind | null>(
    storedKind ?? (allowNone ? null : (only?.kind ?? startsAs)),
  );
  const kind = storedKind ?? chosenKind;
  const idValue: unknown = kind ? watch(keys[kind]) : null;
  const label: unknown = watch(labelKey(name));

  const choose = (next: LocationKind | null) => {
    setChosenKind(next);
    setValue(keys.branch, null, { shouldDirty: true });
    setValue(keys.warehouse, null, { shouldDirty: true });
    if (target.kind === 'typed') setValue('userable_type', next, { shouldDirty: true });
    setValue(labelKey(name), '');
  };

  return (
    <HStack gap="2" align="start" w="full">
      <NativeSelect.Root width="40" flexShrink={0}>
        {/* The field's label names the record picker (the field's id); the kind's select names itself, and takes
            the field's id while there is no picker. */}
        <NativeSelect.Field
          id={kind ? `${name}-kind` : name}
          aria-label={`${fieldLabel}: branch or warehouse`}
          value={kind ?? ''}
          onChange={(event) => {
            const next = event.currentTarget.value;
            choose(next === 'branch' || next === 'warehouse' ? next : null);
          }}
        >
          {allowNone ? <option value="">None</option> : null}
          {only?.kind === 'warehouse' && kind !== 'branch' ? null : <option value="branch">Branch</option>}
          {only?.kind === 'branch' && kind !== 'warehouse' ? null : <option value="warehouse">Warehouse</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {kind ? (
        <RemoteSelect
          id={name}
          name={keys[kind]}
          invalid={invalid}
          value={typeof idValue === 'number' ? idValue : null}
          label={typeof label === 'string' ? label : ''}
          search={relationSearch(
            kind === 'branch' ? 'branches' : 'warehouses',
            usableOnly ? usableLocations : undefined,
          )}
          onChange={(option) => {
            setValue(keys[kind], option?.value ?? null, { shouldDirty: true, shouldValidate: true });
            setValue(labelKey(name), option?.label ?? '');
          }}
        />
      ) : null}
    </HStack>
  );
}
