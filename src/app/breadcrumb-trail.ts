import type { RouteHandle } from './route-handle.ts';

export type Crumb = { label: string; to?: string };

const actionLabels: Record<string, string> = {
  index: 'List',
  create: 'Create',
  view: 'View',
  edit: 'Edit',
  select: 'Select',
  'assign-permissions': 'Assign Permissions',
  'assign-roles': 'Assign Roles',
  'change-password': 'Change Password',
  import: 'Import',
  statement: 'Statement of Account',
};

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

// docs/domain/screens.md, Breadcrumb: a link to the list (plural name), then the action alone or the action and the
// resource's name.
export function breadcrumbTrail(handle: RouteHandle): Crumb[] {
  const action = actionLabels[handle.action] ?? capitalised(handle.action);
  const resource = handle.resource;
  if (!resource) return [{ label: handle.name === 'overview.index' ? 'Overview' : action }];
  const list = { label: resource.plural, to: `/${resource.key}` };
  switch (handle.action) {
    case 'index':
      return [list, { label: `${action} ${resource.plural}` }];
    case 'create':
    case 'view':
    case 'edit':
      return [list, { label: `${action} ${resource.singular}` }];
    default:
      return [list, { label: action }];
  }
}
