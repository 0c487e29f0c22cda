import { useController, useFormContext } from 'react-hook-form';
import type { ResourceKey } from '../../resources/resource.ts';
import { type RemoteOption, RemoteSelect } from '../../ui/remote-select.tsx';
import type { RemoteSearch } from '../../ui/use-remote-options.ts';
import { relationSearch } from '../shared/relation-search.ts';
import { labelKey } from './form-values.ts';

export type RelationInputProps = {
  name: string;
  resource: ResourceKey;
  invalid: boolean;
  // Instead of the resource's plain search: one that offers only what fits here.
  search?: RemoteSearch<RemoteOption>;
  onPick?: (option: RemoteOption | null) => void;
};

export function RelationInput({ name, resource, invalid, search, onPick }: RelationInputProps) {
  const { setValue, watch } = useFormContext();
  const { field } = useController({ name });
  const label: unknown = watch(labelKey(name));
  const value = typeof field.value === 'number' ? field.value : null;
  return (
    <RemoteSelect
      name={name}
      value={value}
      label={typeof label === 'string' && label !== '' ? label : value === null ? '' : `#${value}`}
      invalid={invalid}
      search={search ?? relationSearch(resource)}
      onChange={(option) => {
        field.onChange(option?.value ?? null);
        setValue(labelKey(name), option?.label ?? '');
        onPick?.(option);
      }}
    />
  );
}
