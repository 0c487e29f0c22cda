import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { resourceByKey } from '../../resources/registry.ts';
import { type RelationSearch, type ResourceKey, readField } from '../../resources/resource.ts';
import type { RemoteOption } from '../../ui/remote-select.tsx';
import { typeAheadLimit } from '../../ui/type-ahead.tsx';
import type { RemoteSearch } from '../../ui/use-remote-options.ts';

type Searches = Map<ResourceKey, RemoteSearch<RemoteOption>>;

const plain: Searches = new Map();
const narrowed = new WeakMap<RelationSearch, Searches>();

function searchesFor(narrowing: RelationSearch | undefined): Searches {
  if (!narrowing) return plain;
  const found = narrowed.get(narrowing);
  if (found) return found;
  const created: Searches = new Map();
  narrowed.set(narrowing, created);
  return created;
}

// One stable search function per related resource (and per narrowing a field declares), over its generated search
// endpoint, naming each record by the resource's title field or by the field's own label.
export function relationSearch(key: ResourceKey, narrowing?: RelationSearch): RemoteSearch<RemoteOption> {
  const searches = searchesFor(narrowing);
  const cached = searches.get(key);
  if (cached) return cached;
  const resource = resourceByKey(key);
  const search: RemoteSearch<RemoteOption> = async (text, signal) => {
    const api = await resource.load();
    const found = await api.search({ q: text, limit: typeAheadLimit, ...narrowing?.params }, undefined, signal);
    return found.map((record) => ({
      value: record.id,
      label: narrowing?.label?.(record) ?? String(readField(record, resource.title) ?? record.id),
    }));
  };
  searches.set(key, search);
  return search;
}

// A picker narrowed by what the form holds (`fromForm`: the invoice's quotations of the customer chosen on it): the
// narrowing with those values among its params, the same object while they stay the same, so that the picker searches
// again only when one changes. A field left empty narrows nothing.
export function useFormNarrowing(narrowing: RelationSearch | undefined): RelationSearch | undefined {
  const entries = Object.entries(narrowing?.fromForm ?? {});
  const values: unknown[] = useWatch({ name: entries.map(([, field]) => field) });
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values change with their key
  return useMemo(() => {
    if (!narrowing || entries.length === 0) return narrowing;
    const picked = Object.fromEntries(
      entries.flatMap(([param], index) => {
        const value = values[index];
        return typeof value === 'number' || typeof value === 'string' ? [[param, value]] : [];
      }),
    );
    return { ...narrowing, params: { ...narrowing.params, ...picked } };
  }, [narrowing, key]);
}
