import type { RecordHistoryEntry, RecordHistoryEntryAction } from '../../../generated/model/index.ts';
import type { ResourceDefinition, ValueKind } from '../../resources/resource.ts';
import { formatValue } from '../shared/value-text.tsx';

export const actionWords: Record<RecordHistoryEntryAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  restored: 'Restored',
  status: 'Status changed',
};

type FieldLook = { label: string; kind?: ValueKind };

export type ChangeLine = { field: string; label: string; from: string; to: string };

// The labels (and value kinds) the resource's own screens give its fields; a relation's id takes its picker's label.
export function fieldLooks(resource: ResourceDefinition): Map<string, FieldLook> {
  const looks = new Map<string, FieldLook>();
  for (const field of resource.formFields) {
    looks.set(field.name, { label: field.label });
    if ('labelField' in field) looks.set(field.labelField, { label: field.label });
  }
  for (const column of [...resource.columns, ...resource.viewFields]) {
    looks.set(column.field, { label: column.label, ...(column.kind ? { kind: column.kind } : {}) });
  }
  return looks;
}

function humanized(field: string): string {
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// An id that changed with its name (contact_id with contact_name) is shown once, by the name.
function shownByItsName(field: string, changes: RecordHistoryEntry['changes']): boolean {
  if (field.endsWith('_id')) return `${field.slice(0, -3)}_name` in changes;
  if (field.endsWith('_ids')) return `${field.slice(0, -4)}_names` in changes;
  return false;
}

function described(value: unknown, kind: ValueKind | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'discounts') return formatValue(value, kind) || '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    // A document's lines are summarised; the lines themselves are on the record.
    if (value.some((element) => typeof element === 'object' && element !== null)) {
      return value.length === 1 ? '1 line' : `${value.length} lines`;
    }
    return value.join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return formatValue(value, kind) || '—';
}

export function changeLines(changes: RecordHistoryEntry['changes'], looks: Map<string, FieldLook>): ChangeLine[] {
  return Object.entries(changes)
    .filter(([field]) => !shownByItsName(field, changes))
    .map(([field, [from, to]]) => {
      const look = looks.get(field);
      return {
        field,
        label: look?.label ?? humanized(field),
        from: described(from, look?.kind),
        to: described(to, look?.kind),
      };
    });
}
