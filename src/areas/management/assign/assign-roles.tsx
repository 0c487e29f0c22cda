import { listRoles } from '../../../../generated/hooks/roles/roles.ts';
import {
  assignUserRoles,
  getGetUserQueryKey,
  getListUsersQueryKey,
  getUser,
} from '../../../../generated/hooks/users/users.ts';
import { AssignmentScreen } from './assignment-screen.tsx';

export function AssignRolesScreen() {
  return (
    <AssignmentScreen
      title="Assign Roles"
      subject="User"
      backTo={(id) => `/users/${id}`}
      queryKey={(id) => ['assign-roles', id]}
      load={async (id) => {
        const [user, roles] = await Promise.all([getUser(id), listRoles({ page: 1, per_page: 100, order_by: 'asc' })]);
        return {
          name: user.name,
          chosen: user.role_ids,
          options: roles.data.map((role) => ({ id: role.id, name: role.name, group: 'roles' })),
        };
      }}
      save={(id, chosen) => assignUserRoles(id, { role_ids: chosen })}
      invalidate={(id) => [getGetUserQueryKey(id), getListUsersQueryKey()]}
    />
  );
}
