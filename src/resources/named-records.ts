import { defineResource, type ResourceDefinition } from './resource.ts';

// Brands, item types, item classifications and measuring masses: inventory records that are a name and a
// description, nothing more. Each keeps its own names and loader (the generated modules are imported by path).
export function defineNamedRecords(
  names: Pick<ResourceDefinition, 'key' | 'singular' | 'plural' | 'load'>,
): ResourceDefinition {
  return defineResource({
    ...names,
    group: 'inventory',
    linked: true,
    screens: 'full',
    title: 'name',
    columns: [
      { field: 'name', label: 'Name' },
      { field: 'description', label: 'Description' },
    ],
    viewFields: [
      { field: 'name', label: 'Name' },
      { field: 'description', label: 'Description' },
      { field: 'created_at', label: 'Created', kind: 'timestamp' },
      { field: 'updated_at', label: 'Updated', kind: 'timestamp' },
    ],
    formFields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  });
}
