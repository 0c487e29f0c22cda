import { type Area, areas, registry } from '../../server/registry/resources.ts';
import type { ResourceDefinition, ResourceKey } from './resource.ts';

// The client list, read by the routes, sidebar, breadcrumb, permission gate and the screens. Its definitions live in
// the areas, which sit above this folder and the screens, so the app hands them down once, at the top
// (src/app/definitions.ts, written by `npm run generate` from the registry and the files src/areas/*/<key>.ts).
const inRegistryOrder: ResourceDefinition[] = [];
const byKey = new Map<ResourceKey, ResourceDefinition>();

// Every resource in the registry's order, the order the sidebar lists them within their groups.
export const resources: readonly ResourceDefinition[] = inRegistryOrder;

export function installDefinitions(
  definitions: Readonly<Record<ResourceKey, ResourceDefinition>>,
): readonly ResourceDefinition[] {
  inRegistryOrder.splice(0, inRegistryOrder.length, ...registry.map((entry) => definitions[entry.key]));
  byKey.clear();
  for (const definition of inRegistryOrder) byKey.set(definition.key, definition);
  return resources;
}

export const sidebarGroups: readonly { key: Area; label: string }[] = areas;

export function resourceByKey(key: ResourceKey): ResourceDefinition {
  const definition = byKey.get(key);
  if (!definition) throw new Error(`No client definition of ${key}: src/app/definitions.ts hands them in`);
  return definition;
}
