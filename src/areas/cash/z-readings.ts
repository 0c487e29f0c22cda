import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// docs/domain/cash.md, Z-reading: the end of a branch's business day, read-only once made. Its view prints as a
// receipt (80 mm) or on A4.

// A reading is known by its number, its place in the branch's Z series, its branch and its day.
const heading: readonly Column[] = [
  column.number,
  { field: 'z_counter', label: 'Z Counter' },
  column.branch,
  { field: 'terminal_name', label: 'Terminal' },
  column.date('business_date', 'Day'),
];

export const zReadings = defineResource({
  key: 'z-readings',
  title: 'number',
  columns: [
    ...heading,
    column.money('net_sales', 'Net Sales'),
    column.money('cash_difference', 'Over/Short'),
    column.money('accumulated_grand_total', 'Grand Total'),
  ],
  viewFields: [...heading, { field: 'created_by_name', label: 'Made By' }, ...recordTimestamps],
  formFields: [field.branch, field.terminal, field.documentDate('business_date', 'Business Day')],
  filters: [
    filter.relation('branch_id', 'Branch', 'branches'),
    filter.relation('terminal_id', 'Terminal', 'terminals'),
    ...filter.dateRange('business_date', 'Day'),
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  viewPanel: async () => (await import('./z-reading-panel.tsx')).ZReadingViewPanel,
  formPanel: async () => (await import('./z-reading-open-days.tsx')).ZReadingOpenDays,
  load: async () => {
    const api = await import('../../../generated/hooks/z-readings/z-readings.ts');
    const schemas = () => import('../../../generated/zod/z-readings/z-readings.zod.ts');
    return standardOperations({ one: 'ZReading', many: 'ZReadings' }, api, schemas);
  },
});
