import { fullAccessPermission, permissionName } from '../auth/gate.ts';
import { resources, sidebarGroups } from '../resources/registry.ts';
import type { ResourceDefinition, ResourceGroup } from '../resources/resource.ts';

export type SidebarGroup = { key: ResourceGroup; label: string; links: readonly ResourceDefinition[] };

// SPEC section 6: a link shows with full access or view-{resource}; a group header shows when the user holds
// the view permission of any resource of the group, linked or not.
export function sidebarModel(held: readonly string[]): SidebarGroup[] {
  const full = held.includes(fullAccessPermission);
  const sees = (resource: ResourceDefinition) => full || held.includes(permissionName('view', resource.key));
  return sidebarGroups
    .map((group) => {
      const members = resources.filter((resource) => resource.group === group.key);
      return { ...group, members, links: members.filter((resource) => resource.linked && sees(resource)) };
    })
    .filter((group) => full || group.members.some(sees))
    .map(({ key, label, links }) => ({ key, label, links }));
}
