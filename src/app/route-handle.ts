import type { ResourceDefinition } from '../resources/resource.ts';

// What every route carries for the breadcrumb: its name (resource.action) and the resource it belongs to.
export type RouteHandle = { name: string; resource: ResourceDefinition | null; action: string };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'action' in value;
}
