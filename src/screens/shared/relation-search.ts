import { resourceByKey } from '../../resources/registry.ts';
import { type ResourceKey, readField } from '../../resources/resource.ts';
import type { RemoteOption } from '../../ui/remote-select.tsx';
import { typeAheadLimit } from '../../ui/type-ahead.tsx';
import type { RemoteSearch } from '../../ui/use-remote-options.ts';

const cache = new Map<ResourceKey, RemoteSearch<RemoteOption>>();

// One stable search function per related resource, over its generated search endpoint, naming each record by
// the resource's title field.
export function relationSearch(key: ResourceKey): RemoteSearch<RemoteOption> {
  const cached = cache.get(key);
  if (cached) return cached;
  const resource = resourceByKey(key);
  const search: RemoteSearch<RemoteOption> = async (text, signal) => {
    const api = await resource.load();
    const found = await api.search({ q: text, limit: typeAheadLimit }, undefined, signal);
    return found.map((record) => ({ value: record.id, label: String(readField(record, resource.title) ?? record.id) }));
  };
  cache.set(key, search);
  return search;
}
