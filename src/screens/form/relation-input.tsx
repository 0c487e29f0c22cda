import { useController, useFormContext } from 'react-hook-form';
import type { ResourceKey } from '../../resources/resource.ts';
import { RemoteSelect } from '../../ui/remote-select.tsx';
import { relationSearch } from '../shared/relation-search.ts';
import { labelKey } from './form-values.ts';

export type RelationInputProps = { name: string; resource: ResourceKey; invalid: boolean };

export function RelationInput({ name, resource, invalid }: RelationInputProps) {
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
      search={relationSearch(resource)}
      onChange={(option) => {
        field.onChange(option?.value ?? null);
        setValue(labelKey(name), option?.label ?? '');
      }}
    />
  );
}
