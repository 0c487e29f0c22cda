import { brandsResource } from './brands.ts';
import { businessesResource } from './businesses.ts';
import type { AnyResource } from './engine/resource.ts';

// Every resource the engine serves; adding a resource is one line here.
export const resources: readonly AnyResource[] = [businessesResource, brandsResource];
