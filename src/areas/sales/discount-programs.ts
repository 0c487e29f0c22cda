import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const columns: readonly Column[] = [
  { field: 'name', label: 'Name' },
  { field: 'percent', label: 'Percent', kind: 'percent' },
  { field: 'vat_exempt', label: 'VAT-Exempt', kind: 'boolean' },
  { field: 'item_type_names', label: 'Qualifying Item Types', kind: 'list' },
];

// Senior Citizen and PWD discounts (docs/domain/sales.md, Senior citizen and PWD discounts): the percent, whether
// qualifying lines lose their VAT first, and the item types that qualify.
export const discountPrograms = defineResource({
  key: 'discount-programs',
  title: 'name',
  columns,
  viewFields: [...columns, ...recordTimestamps],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'percent', label: 'Percent', kind: 'percent', required: true },
    { name: 'vat_exempt', label: 'VAT-Exempt (the VAT comes off before the percent)', kind: 'checkbox' },
    { name: 'item_type_ids', label: 'Qualifying Item Types', kind: 'relations', resource: 'item-types' },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/discount-programs/discount-programs.ts');
    const schemas = () => import('../../../generated/zod/discount-programs/discount-programs.zod.ts');
    return standardOperations({ one: 'DiscountProgram', many: 'DiscountPrograms' }, api, schemas);
  },
});
