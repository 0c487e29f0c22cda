import { listPermissions } from '../../../../generated/hooks/permissions/permissions.ts';
import {
  assignRolePermissions,
  getGetRoleQueryKey,
  getListRolesQueryKey,
  getRole,
} from '../../../../generated/hooks/roles/roles.ts';
import type { Permission } from '../../../../generated/model/index.ts';
import { AssignmentScreen } from './assignment-screen.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';

async function allPermissions(): Promise<Permission[]> {
  const first = await listPermissions({ page: 1, per_page: 100, order_by: 'asc' });
  const rest = await Promise.all(
    Array.from({ length: first.meta.last_page - 1 }, (_, index) =>
      listPermissions({ page: index + 2, per_page: 100, order_by: 'asc' }),
    ),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

export function AssignPermissionsScreen() {
  return (
    <AssignmentScreen
      title="Assign Permissions"
      subject="Role"
      backTo={(id) => `/roles/${id}`}
      queryKey={(id) => ['assign-permissions', id]}
      load={async (id) => {
        const [role, permissions] = await Promise.all([getRole(id), allPermissions()]);
        return {
          name: role.name,
          chosen: role.permission_ids,
          options: permissions.map((permission) => ({
            id: permission.id,
            name: permission.name,
            group: permission.group,
            action: permission.action,
          })),
        };
      }}
      save={(id, chosen) => assignRolePermissions(id, { permission_ids: chosen })}
      invalidate={(id) => [getGetRoleQueryKey(id), getListRolesQueryKey()]}
      Chooser={PermissionMatrix}
    />
  );
}
