import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const terms: readonly Column[] = [
  { field: 'name', label: 'Name' },
  { field: 'months', label: 'Months' },
  { field: 'covers', label: 'Covers', kind: 'list' },
];
// The item types and brands a term covers; `none` says on the view what covering none of them means.
const coverage = (none: string): Column[] => [
  { field: 'item_type_names', label: `Item Types${none}`, kind: 'list' },
  { field: 'brand_names', label: `Brands${none}`, kind: 'list' },
];

// docs/domain/eye-care.md, Warranties: how many months the shop warrants what, for items of which types and brands.
export const warrantyTerms = defineResource({
  key: 'warranty-terms',
  title: 'name',
  columns: [...terms, ...coverage('')],
  viewFields: [
    ...terms,
    ...coverage(' (all when none)'),
    { field: 'description', label: 'Description' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'months', label: 'Months', kind: 'number', required: true },
    { name: 'item_type_ids', label: 'Item Types', kind: 'relations', resource: 'item-types' },
    { name: 'brand_ids', label: 'Brands', kind: 'relations', resource: 'brands' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  formPanel: async () => (await import('./warranty-covers-panel.tsx')).WarrantyCoversPanel,
  load: async () => {
    const api = await import('../../../generated/hooks/warranty-terms/warranty-terms.ts');
    const schemas = () => import('../../../generated/zod/warranty-terms/warranty-terms.zod.ts');
    return standardOperations({ one: 'WarrantyTerm', many: 'WarrantyTerms' }, api, schemas);
  },
});
