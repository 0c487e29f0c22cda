import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource, readField } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const countStatuses = [
  { value: 'counting', label: 'Counting' },
  { value: 'posted', label: 'Posted' },
  { value: 'cancelled', label: 'Cancelled' },
];

// The scope's lists are fields of their own on the form; the create call takes them as one `scope`.
const scopeFields = ['item_type_ids', 'brand_ids', 'item_classification_ids'] as const;

const columns: readonly Column[] = [
  column.number,
  column.location,
  column.date('count_date', 'Count Date'),
  { field: 'blind', label: 'Blind', kind: 'boolean' },
  column.status,
  { field: 'stock_adjustment_number', label: 'Adjustment' },
];

export const stockCounts = defineResource({
  key: 'stock-counts',
  title: 'number',
  columns,
  viewFields: [
    ...columns,
    { field: 'uncounted', label: 'Uncounted Items', kind: 'label' },
    { field: 'posted_at', label: 'Posted', kind: 'timestamp' },
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.location,
    {
      name: 'blind',
      label: 'Blind count (counters do not see the expected quantities)',
      kind: 'checkbox',
      // docs/domain/logistics.md, Blind counts: a count starts blind; only a holder of post-stock-counts may untick it.
      defaultChecked: true,
    },
    { name: 'item_type_ids', label: 'Item Types (none: all)', kind: 'relations', resource: 'item-types' },
    { name: 'brand_ids', label: 'Brands (none: all)', kind: 'relations', resource: 'brands' },
    {
      name: 'item_classification_ids',
      label: 'Item Classifications (none: all)',
      kind: 'relations',
      resource: 'item-classifications',
    },
    field.notes,
  ],
  filters: [
    filter.status(countStatuses),
    filter.location('', 'Location'),
    ...filter.dateRange('count_date', 'Count date'),
  ],
  homeField: 'location',
  idempotentCreate: true,
  viewPanel: async () => (await import('./stock-count-panel.tsx')).StockCountViewPanel,
  // docs/domain/logistics.md: a posted count stays as it was posted (the API answers 409 to Delete).
  deleteRefusal: (record) =>
    readField(record, 'status') === 'posted' ? 'A posted count is read-only; void its stock adjustment instead.' : null,
  load: async () => {
    const api = await import('../../../generated/hooks/stock-counts/stock-counts.ts');
    return {
      ...standardOperations({ one: 'StockCount', many: 'StockCounts' }, api),
      create: (body, options) => {
        const values = body as Record<string, unknown>;
        const scope = Object.fromEntries(scopeFields.map((field) => [field, values[field] ?? []]));
        const rest = Object.fromEntries(
          Object.entries(values).filter(([key]) => !(scopeFields as readonly string[]).includes(key)),
        );
        return api.createStockCount({ ...rest, scope }, options);
      },
      // zod comes with the schemas, when the form first validates (ResourceApi.bodySchemas).
      bodySchemas: async () => {
        const [schemas, { z }] = await Promise.all([
          import('../../../generated/zod/stock-counts/stock-counts.zod.ts'),
          import('zod'),
        ]);
        const ids = z.array(z.number()).optional();
        return {
          create: schemas.CreateStockCountBody.omit({ scope: true }).extend({
            item_type_ids: ids,
            brand_ids: ids,
            item_classification_ids: ids,
          }),
        };
      },
    };
  },
});
