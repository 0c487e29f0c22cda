import type { ResourceApi, ResourceDefinition } from '../../resources/resource.ts';

export type ResourceScreenProps = { resource: ResourceDefinition; api: ResourceApi };
