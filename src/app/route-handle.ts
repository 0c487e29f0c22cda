import type { ResourceDefinition } from '../resources/resource.ts';

// What a screen's route gives its breadcrumb: its name (resource.action) and the resource it belongs to.
export type RouteHandle = { name: string; resource: ResourceDefinition | null; action: string };
