import { defineResource, readField } from '../../resources/resource.ts';
import { dateRangeFilters, locationFilter, recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const stockRequests = defineResource({
  key: 'stock-requests',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'from_location_name', label: 'From' },
    { field: 'to_location_name', label: 'To' },
    { field: 'request_date', label: 'Request Date', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'to_location_name', label: 'Requesting location' },
    { field: 'from_location_name', label: 'Supplying location' },
    { field: 'request_date', label: 'Request Date', kind: 'date' },
    { field: 'needed_by', label: 'Needed By', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  // The branch or warehouse that asks comes first; the one asked supplies the goods (docs/domain/logistics.md).
  formFields: [
    {
      name: 'to_location',
      label: 'Requesting location',
      kind: 'location',
      prefix: 'to_',
      labelField: 'to_location_name',
      required: true,
    },
    {
      name: 'from_location',
      label: 'Supplying location',
      kind: 'location',
      prefix: 'from_',
      labelField: 'from_location_name',
      required: true,
    },
    { name: 'request_date', label: 'Request Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'needed_by', label: 'Needed By', kind: 'date' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      columns: [
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        { field: 'transferred_quantity', label: 'Transferred', kind: 'quantity' },
      ],
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'pending', label: 'Pending' },
        { value: 'partially_transferred', label: 'Partially transferred' },
        { value: 'transferred', label: 'Transferred' },
      ],
    },
    locationFilter('from_', 'From'),
    locationFilter('to_', 'To'),
    ...dateRangeFilters('request_date', 'Request date'),
  ],
  numbering: { locationPrefix: 'from_' },
  homeField: 'to_location',
  idempotentCreate: true,
  editable: (request) => readField(request, 'status') === 'pending',
  followUps: [
    {
      resource: 'stock-transfers',
      label: 'Transfer Stock',
      applies: (request) => readField(request, 'status') !== 'transferred',
    },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/stock-requests/stock-requests.ts'),
      import('../../../generated/zod/stock-requests/stock-requests.zod.ts'),
    ]);
    return standardOperations({ one: 'StockRequest', many: 'StockRequests' }, api, schemas);
  },
});
