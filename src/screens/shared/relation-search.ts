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
