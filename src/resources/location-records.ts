import type { Column, FormField, ResourceDeclaration } from './resource.ts';
import { recordTimestamps } from './shared-declarations.ts';

// Branches and warehouses are the business's locations (docs/domain/logistics.md): each a code, a name, an address and
// a phone; a branch, which faces customers, an email besides.
export function locationDeclaration({
  email,
}: {
  email: boolean;
}): Pick<ResourceDeclaration, 'title' | 'columns' | 'viewFields' | 'formFields'> {
  const contact: readonly Column[] = [
    { field: 'phone', label: 'Phone' },
    ...(email ? [{ field: 'email', label: 'Email' }] : []),
  ];
  const contactFields: readonly FormField[] = [
    { name: 'phone', label: 'Phone', kind: 'text' },
    ...(email ? [{ name: 'email', label: 'Email', kind: 'email' } as const] : []),
  ];
  const named: readonly Column[] = [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
  ];
  return {
    title: 'name',
    columns: [...named, ...contact],
    viewFields: [...named, { field: 'address', label: 'Address' }, ...contact, ...recordTimestamps],
    formFields: [
      { name: 'code', label: 'Code', kind: 'text', required: true },
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'address', label: 'Address', kind: 'textarea' },
      ...contactFields,
    ],
  };
}
