import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// docs/domain/cash.md, Terminals: a branch's machines with the numbers the BIR gave each, printed on their papers.
const columns: readonly Column[] = [
  { field: 'name', label: 'Name' },
  column.branch,
  { field: 'min', label: 'MIN' },
  { field: 'serial_number', label: 'Serial No.' },
  { field: 'ac_number', label: 'AC No.' },
  { field: 'series', label: 'Series' },
  { field: 'active', label: 'Active', kind: 'boolean' },
];

export const terminals = defineResource({
  key: 'terminals',
  title: 'name',
  columns,
  viewFields: [...columns, column.date('ac_date', 'AC Date'), ...recordTimestamps],
  formFields: [
    { ...field.branch, createOnly: true },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'min', label: 'MIN', kind: 'text' },
    { name: 'serial_number', label: 'Serial No.', kind: 'text' },
    { name: 'ac_number', label: 'AC No.', kind: 'text' },
    field.date('ac_date', 'AC Date'),
    { name: 'active', label: 'Active', kind: 'checkbox', defaultChecked: true },
  ],
  filters: [filter.relation('branch_id', 'Branch', 'branches')],
  load: async () => {
    const api = await import('../../../generated/hooks/terminals/terminals.ts');
    const schemas = () => import('../../../generated/zod/terminals/terminals.zod.ts');
    return standardOperations({ one: 'Terminal', many: 'Terminals' }, api, schemas);
  },
});
