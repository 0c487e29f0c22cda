import { type ReportDefinition, reports } from '../areas/reports/reports.ts';
import { fullAccessPermission, permissionName } from '../auth/gate.ts';
import { sidebarGroups } from '../resources/registry.ts';
import { permissionPrefixOf, type ResourceDefinition, type ResourceGroup } from '../resources/resource.ts';
import { resources } from './definitions.ts';

export type SidebarGroup = {
  key: ResourceGroup;
  label: string;
  links: readonly ResourceDefinition[];
  reports: readonly ReportDefinition[];
};

// docs/domain/screens.md, Sidebar: a link shows with full access or view-{resource}; a group header shows when the user
// holds the view permission of any resource of the group, linked or not.
export function sidebarModel(held: readonly string[]): SidebarGroup[] {
  const full = held.includes(fullAccessPermission);
  const sees = (resource: ResourceDefinition) =>
    full || held.includes(permissionName('view', permissionPrefixOf(resource)));
  return sidebarGroups
    .map((group) => {
      const members = resources.filter((resource) => resource.group === group.key);
      const groupReports = reports.filter(
        (report) => report.group === group.key && (full || held.includes(report.permission)),
      );
      return {
        ...group,
        members,
        links: members.filter((resource) => resource.linked && sees(resource)),
        reports: groupReports,
      };
    })
    .filter((group) => full || group.members.some(sees) || group.reports.length > 0)
    .map(({ key, label, links, reports: groupReports }) => ({ key, label, links, reports: groupReports }));
}
