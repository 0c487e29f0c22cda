import { defineNamedRecords } from '../../resources/named-records.ts';
import type { ResourceDefinition } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const opticalKindOptions = [
  { value: 'frame', label: 'Frames' },
  { value: 'ophthalmic_lens', label: 'Ophthalmic lenses' },
  { value: 'contact_lens', label: 'Contact lenses' },
];

const named = defineNamedRecords({
  key: 'item-types',
  load: async () => {
    const api = await import('../../../generated/hooks/item-types/item-types.ts');
    const schemas = () => import('../../../generated/zod/item-types/item-types.zod.ts');
    return standardOperations({ one: 'ItemType', many: 'ItemTypes' }, api, schemas);
  },
});

// An item type also says which optical fields its items carry (docs/domain/eye-care.md, Optical attributes of items).
export const itemTypes: ResourceDefinition = {
  ...named,
  columns: [...named.columns, { field: 'optical_kind', label: 'Optical Kind', kind: 'label' }],
  viewFields: [
    ...named.viewFields.slice(0, 2),
    { field: 'optical_kind', label: 'Optical Kind', kind: 'label' },
    ...named.viewFields.slice(2),
  ],
  formFields: [
    ...named.formFields,
    { name: 'optical_kind', label: 'Optical Kind', kind: 'select', options: opticalKindOptions },
  ],
};
