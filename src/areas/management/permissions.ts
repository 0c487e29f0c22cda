import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { permissionLabel, sentenceCase } from './permission-words.ts';

// docs/DECISIONS.md, Staff set-up: a permission and its group read in words ("View brands", "Inventory"); the
// stored name stays beside them, since roles and sessions refer to it.
const readable = [
  {
    field: 'permission',
    label: 'Permission',
    value: (row: Record<string, unknown>) => permissionLabel(String(row.name ?? '')),
  },
  { field: 'group', label: 'Group', value: (row: Record<string, unknown>) => sentenceCase(String(row.group ?? '')) },
  { field: 'name', label: 'Stored Name' },
] as const;

export const permissions = defineResource({
  key: 'permissions',
  title: 'name',
  columns: readable,
  viewFields: readable,
  formFields: [],
  load: async () => {
    const api = await import('../../../generated/hooks/permissions/permissions.ts');
    return standardOperations({ one: 'Permission', many: 'Permissions' }, api);
  },
});
