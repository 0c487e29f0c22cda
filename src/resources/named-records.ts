import type { ResourceKey } from '../../server/registry/resources.ts';
import { defineResource, type ResourceDeclaration, type ResourceDefinition } from './resource.ts';
import { recordTimestamps } from './shared-declarations.ts';
import { type BodySchemas, type OptionalCalls, type RequiredCalls, standardOperations } from './standard-operations.ts';

// What a record known by a name and a description shows and asks for (a brand, a role).
export const nameAndDescription = [
  { field: 'name', label: 'Name' },
  { field: 'description', label: 'Description' },
] as const;

export const nameAndDescriptionFields = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'textarea' },
] as const;

// Brands, item types, item classifications and measuring masses: inventory records that are a name and a
// description, nothing more. Each keeps its own loader; its names are the registry's (the generated modules are imported by path).
export function defineNamedRecords(names: Pick<ResourceDeclaration, 'key' | 'load'>): ResourceDefinition {
  return defineResource({
    ...names,
    title: 'name',
    columns: nameAndDescription,
    viewFields: [...nameAndDescription, ...recordTimestamps],
    formFields: nameAndDescriptionFields,
  });
}

// The client definition of a registry entry with `shape: 'name-and-description'` and no file of its own: written
// into src/app/definitions.ts by `npm run generate`, with its generated modules loaded when a screen first needs them.
export function namedRecordsOf<One extends string, Many extends string>(
  key: ResourceKey,
  names: { one: One; many: Many },
  calls: () => Promise<RequiredCalls<One, Many> & OptionalCalls<One>>,
  schemas: () => Promise<BodySchemas<One>>,
): ResourceDefinition {
  return defineNamedRecords({
    key,
    load: async () => standardOperations(names, await calls(), schemas),
  });
}
