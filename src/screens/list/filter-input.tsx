import { HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { resourceByKey } from '../../resources/registry.ts';
import { type Filter, type ResourceKey, readField } from '../../resources/resource.ts';
import { ChoiceSelect } from '../../ui/choice-select.tsx';
import { RemoteSelect } from '../../ui/remote-select.tsx';
import { relationSearch } from '../shared/relation-search.ts';

export type FilterValues = Record<string, string>;

export type FilterInputProps = {
  filter: Filter;
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

// The id of a filter's input, for its label.
export function filterId(filter: Filter): string {
  return filter.kind === 'location' ? `filter-${filter.name}location` : `filter-${filter.name}`;
}

// One of a list's own filters in Advance Search; its values are the list call's query parameters, as in the URL.
export function FilterInput({ filter, values, onChange }: FilterInputProps) {
  const id = filterId(filter);
  switch (filter.kind) {
    case 'select':
      return (
        <ChoiceSelect
          id={id}
          choices={filter.options}
          empty="Any"
          value={values[filter.name] ?? ''}
          onChange={(event) => onChange({ ...values, [filter.name]: event.currentTarget.value })}
        />
      );
    case 'date':
      return (
        <Input
          id={id}
          type="date"
          value={values[filter.name] ?? ''}
          onChange={(event) => onChange({ ...values, [filter.name]: event.currentTarget.value })}
        />
      );
    case 'relation':
      return (
        <RelationFilter
          id={id}
          name={filter.name}
          resource={filter.resource}
          search={relationSearch(filter.resource, filter.search)}
          value={values[filter.name] ?? ''}
          onChange={(value) => onChange({ ...values, [filter.name]: value })}
        />
      );
    case 'location':
      return <LocationFilter prefix={filter.name} values={values} onChange={onChange} />;
  }
}

type RelationFilterProps = {
  id?: string;
  name: string;
  resource: ResourceKey;
  search: ReturnType<typeof relationSearch>;
  value: string;
  onChange: (value: string) => void;
};

// The URL holds the record's id alone: a filter read back from it (a reload, a shared link) names the record by
// reading it once.
function RelationFilter({ id: inputId, name, resource, search, value, onChange }: RelationFilterProps) {
  const [label, setLabel] = useState('');
  const id = Number(value);
  const chosen = value !== '' && Number.isInteger(id) && id > 0 ? id : null;
  useEffect(() => {
    if (chosen === null || label !== '') return;
    const controller = new AbortController();
    const definition = resourceByKey(resource);
    definition
      .load()
      .then((api) => api.get(chosen, undefined, controller.signal))
      .then((record) => {
        if (!controller.signal.aborted) setLabel(String(readField(record, definition.title) ?? `#${chosen}`));
      })
      .catch(() => {
        if (!controller.signal.aborted) setLabel(`#${chosen}`);
      });
    return () => controller.abort();
  }, [resource, chosen, label]);
  return (
    <RemoteSelect
      id={inputId}
      name={`filter-${name}`}
      value={chosen}
      label={chosen === null ? '' : label || `#${chosen}`}
      search={search}
      placeholder="Any"
      onChange={(option) => {
        setLabel(option?.label ?? '');
        onChange(option ? String(option.value) : '');
      }}
    />
  );
}

type LocationKind = 'branch' | 'warehouse';

type LocationFilterProps = {
  prefix: '' | 'from_' | 'to_';
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

// A location is a branch or a warehouse (docs/domain/README.md, Locations): pick the kind, then the record, as the
// forms do.
function LocationFilter({ prefix, values, onChange }: LocationFilterProps) {
  const keys = { branch: `${prefix}branch_id`, warehouse: `${prefix}warehouse_id` };
  const stored: LocationKind | null = values[keys.warehouse] ? 'warehouse' : values[keys.branch] ? 'branch' : null;
  const [chosen, setChosen] = useState<LocationKind | null>(stored);
  const kind = stored ?? chosen;
  const withLocation = (next: LocationKind | null, id: string) => {
    const { [keys.branch]: _branch, [keys.warehouse]: _warehouse, ...others } = values;
    onChange(next && id !== '' ? { ...others, [keys[next]]: id } : others);
  };
  return (
    <HStack gap="2" align="start" w="full">
      <NativeSelect.Root width="36" flexShrink={0}>
        <NativeSelect.Field
          id={`filter-${prefix}location`}
          value={kind ?? ''}
          onChange={(event) => {
            const next = event.currentTarget.value;
            const picked = next === 'branch' || next === 'warehouse' ? next : null;
            setChosen(picked);
            withLocation(picked, '');
          }}
        >
          <option value="">Any</option>
          <option value="branch">Branch</option>
          <option value="warehouse">Warehouse</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {kind ? (
        <RelationFilter
          key={kind}
          name={keys[kind]}
          resource={kind === 'branch' ? 'branches' : 'warehouses'}
          search={relationSearch(kind === 'branch' ? 'branches' : 'warehouses')}
          value={values[keys[kind]] ?? ''}
          onChange={(id) => withLocation(kind, id)}
        />
      ) : null}
    </HStack>
  );
}
