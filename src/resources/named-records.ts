import { defineResource, type ResourceDeclaration, type ResourceDefinition } from './resource.ts';

// Brands, item types, item classifications and measuring masses: inventory records that are a name and a
// description, nothing more. Each keeps its own loader; its names are the registry's (the generated modules are imported by path).
export function defineNamedRecords(names: Pick<ResourceDeclaration, 'key' | 'load'>): ResourceDefinition {
  return defineResource({
    ...names,
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
