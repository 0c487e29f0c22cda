// The permission that grants everything; spelled so by the product (docs/domain/screens.md, Permissions in the client).
export const fullAccessPermission = 'full-access-and-permssions';

export type PermissionAction = 'view' | 'create' | 'update' | 'delete' | 'restore' | 'force-delete';

export type PermissionCheck = {
  prefix: string;
  action: PermissionAction;
  // A screen may name its own permissions instead of `{action}-{prefix}`; any one of them suffices.
  override?: readonly string[];
  // A screen may switch the check off altogether.
  enabled?: boolean;
};

export function permissionName(action: PermissionAction, prefix: string): string {
  return `${action}-${prefix}`;
}

export function isAllowed(held: readonly string[], check: PermissionCheck): boolean {
  if (check.enabled === false) return true;
  if (held.includes(fullAccessPermission)) return true;
  const accepted = check.override ?? [permissionName(check.action, check.prefix)];
  return accepted.some((permission) => held.includes(permission));
}
