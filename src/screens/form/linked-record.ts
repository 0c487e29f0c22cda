import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { resourceByKey } from '../../resources/registry.ts';
import type { ResourceKey, ResourceRecord } from '../../resources/resource.ts';

// The record a form field names (the invoice a payment pays, the transfer a receive takes in), read once and
// shared by everything on the form that shows something of it.
export function useLinkedRecord(field: string | undefined, resource: ResourceKey | undefined): ResourceRecord | null {
  const value: unknown = useWatch({ name: field ?? '_none' });
  const id = field && typeof value === 'number' ? value : null;
  const record = useQuery({
    queryKey: ['linked', resource, id],
    queryFn: async ({ signal }) => {
      if (!resource || id === null) throw new Error('No record is named.');
      const api = await resourceByKey(resource).load();
      return api.get(id, undefined, signal);
    },
    enabled: resource !== undefined && id !== null,
    staleTime: 0,
  });
  return id !== null ? (record.data ?? null) : null;
}
