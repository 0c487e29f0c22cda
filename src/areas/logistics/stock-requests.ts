import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { defineResource, readField } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { fromToColumns, routeField, routeFilters } from '../../resources/stock-route.ts';

const requestDateColumn = column.date('request_date', 'Request Date');

export const stockRequests = defineResource({
  key: 'stock-requests',
  title: 'number',
  columns: [column.number, ...fromToColumns, requestDateColumn, column.status],
  viewFields: [
    column.number,
    { field: 'to_location_name', label: 'Requesting location' },
    { field: 'from_location_name', label: 'Supplying location' },
    requestDateColumn,
    column.date('needed_by', 'Needed By'),
    column.status,
    column.notes,
    ...recordTimestamps,
  ],
  // The branch or warehouse that asks comes first; the one asked supplies the goods (docs/domain/logistics.md).
  formFields: [
    routeField('to_', 'Requesting location'),
    // A branch asks the warehouse for stock as a rule.
    routeField('from_', 'Supplying location', 'warehouse'),
    field.documentDate('request_date', 'Request Date'),
    field.date('needed_by', 'Needed By'),
    field.notes,
    field.lines(
      [documentLine.item, documentLine.quantity],
      [...documentLine.itemColumns, { field: 'transferred_quantity', label: 'Transferred', kind: 'quantity' }],
    ),
  ],
  filters: [
    filter.status([
      { value: 'pending', label: 'Pending' },
      { value: 'partially_transferred', label: 'Partially transferred' },
      { value: 'transferred', label: 'Transferred' },
    ]),
    ...routeFilters,
    ...filter.dateRange('request_date', 'Request date'),
  ],
  numbering: { locationPrefix: 'from_' },
  homeField: 'to_location',
  idempotentCreate: true,
  opensAfterCreate: true,
  editable: (request) => readField(request, 'status') === 'pending',
  followUps: [
    {
      resource: 'stock-transfers',
      label: 'Transfer Stock',
      applies: (request) => readField(request, 'status') !== 'transferred',
    },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/stock-requests/stock-requests.ts');
    const schemas = () => import('../../../generated/zod/stock-requests/stock-requests.zod.ts');
    return standardOperations({ one: 'StockRequest', many: 'StockRequests' }, api, schemas);
  },
});
