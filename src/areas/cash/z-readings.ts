import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';

// docs/domain/cash.md, Z-reading: the end of a branch's business day, read-only once made. Its view prints as a
// receipt (80 mm) or on A4.

export const zReadings = defineResource({
  key: 'z-readings',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'z_counter', label: 'Z Counter' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'business_date', label: 'Day', kind: 'date' },
    { field: 'net_sales', label: 'Net Sales', kind: 'money' },
    { field: 'cash_difference', label: 'Over/Short', kind: 'money' },
    { field: 'accumulated_grand_total', label: 'Grand Total', kind: 'money' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'z_counter', label: 'Z Counter' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'business_date', label: 'Day', kind: 'date' },
    { field: 'created_by_name', label: 'Made By' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'branch_id',
      label: 'Branch',
      kind: 'relation',
      resource: 'branches',
      labelField: 'branch_name',
      required: true,
    },
    { name: 'business_date', label: 'Business Day', kind: 'date', required: true, documentDate: 'any' },
  ],
  filters: [relationFilter('branch_id', 'Branch', 'branches'), ...dateRangeFilters('business_date', 'Day')],
  homeField: 'branch_id',
  idempotentCreate: true,
  viewPanel: async () => (await import('./z-reading-panel.tsx')).ZReadingViewPanel,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/z-readings/z-readings.ts'),
      import('../../../generated/zod/z-readings/z-readings.zod.ts'),
    ]);
    return {
      list: api.listZReadings,
      listKey: api.getListZReadingsQueryKey,
      get: api.getZReading,
      detailKey: api.getGetZReadingQueryKey,
      history: api.getZReadingHistory,
      historyKey: api.getGetZReadingHistoryQueryKey,
      search: api.searchZReadings,
      create: api.createZReading,
      createSchema: schemas.CreateZReadingBody,
    };
  },
});
