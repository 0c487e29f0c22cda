import * as filter from './filters.ts';
import type { Column, Filter, FormField } from './resource.ts';

// docs/domain/logistics.md: a stock request and a transfer move goods between two of the business's branches or
// warehouses, the one they leave (`from_`) and the one they go to (`to_`).

export function routeField(prefix: 'from_' | 'to_', label: string, startsAs?: 'branch' | 'warehouse'): FormField {
  return {
    name: `${prefix}location`,
    label,
    kind: 'location',
    prefix,
    labelField: `${prefix}location_name`,
    required: true,
    ...(startsAs ? { startsAs } : {}),
  };
}

export const routeFilters: readonly Filter[] = [filter.location('from_', 'From'), filter.location('to_', 'To')];

export const fromToColumns: readonly Column[] = [
  { field: 'from_location_name', label: 'From' },
  { field: 'to_location_name', label: 'To' },
];
