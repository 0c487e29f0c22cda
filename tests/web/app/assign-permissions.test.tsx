// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetPermissionResponseMock } from '../../../generated/hooks/permissions/permissions.msw.ts';
import { getGetRoleResponseMock } from '../../../generated/hooks/roles/roles.msw.ts';
import type { Permission } from '../../../generated/model/index.ts';
import { AssignPermissionsScreen } from '../../../src/areas/management/assign/assign-permissions.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const actions = ['view', 'create', 'update', 'delete', 'restore', 'force-delete'];
const prefixes = ['brands', 'items', 'roles'];

// The catalogue as the server lists it: the full access first, then {action}-{prefix} for every resource.
const catalogue: Permission[] = [
  getGetPermissionResponseMock({ id: 1, name: 'full-access-and-permssions', group: 'all', action: 'all' }),
  ...prefixes.flatMap((prefix, row) =>
    actions.map((action, column) =>
      getGetPermissionResponseMock({
        id: 10 + row * actions.length + column,
        name: `${action}-${prefix}`,
        group: prefix === 'roles' ? 'management' : 'inventory',
        action,
        deleted_at: null,
      }),
    ),
  ),
];
function idOf(name: string): number {
  const found = catalogue.find((permission) => permission.name === name);
  if (!found) throw new Error(`No permission ${name} in the test catalogue`);
  return found.id;
}

let saved: unknown = null;

beforeEach(() => {
  saved = null;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/roles/:id', ({ params }) =>
      HttpResponse.json(
        getGetRoleResponseMock({
          id: Number(params.id),
          name: 'Optician',
          deleted_at: null,
          permission_ids: [idOf('view-brands')],
          permission_names: ['view-brands'],
        }),
      ),
    ),
    http.get('*/api/permissions', () =>
      HttpResponse.json({
        data: catalogue,
        meta: { current_page: 1, last_page: 1, per_page: 100, total: catalogue.length },
        links: { prev: null, next: null },
      }),
    ),
    http.put('*/api/roles/:id/permissions', async ({ request, params }) => {
      saved = await request.json();
      return HttpResponse.json(getGetRoleResponseMock({ id: Number(params.id), name: 'Optician' }));
    }),
  );
});

async function renderMatrix() {
  renderRoutes(
    [
      { path: '/roles/:id/assign-permissions', element: <AssignPermissionsScreen /> },
      { path: '/roles/:id', element: <p>Role view</p> },
    ],
    '/roles/4/assign-permissions',
  );
  await screen.findByRole('heading', { name: 'Assign Permissions: Optician' });
  await screen.findByRole('checkbox', { name: 'View Brands' });
}

// The words a cell is read by: its column's action and its row's resource ("Force Delete Items").
const actionWords = (action: string) =>
  action
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('assigning permissions to a role', () => {
  it('shows resources × actions with the role’s permissions ticked and the full access on its own', async () => {
    await renderMatrix();
    expect(box('View Brands').checked).toBe(true);
    expect(box('Create Brands').checked).toBe(false);
    // Readable words, not stored names; the full access keeps its stored name underneath.
    expect(box('Full access and permissions').checked).toBe(false);
    expect(screen.queryByText('full-access-and-permssions')).toBeNull();
    for (const header of ['View', 'Create', 'Update', 'Delete', 'Restore', 'Force Delete', 'Brands', 'Items', 'Roles'])
      expect(box(header)).toBeTruthy();
  });

  it('ticks an action for every resource from its column header and saves those ids', async () => {
    await renderMatrix();
    fireEvent.click(box('Create'));
    await waitFor(() => expect(box('Create Roles').checked).toBe(true));
    expect(box('Create Brands').checked).toBe(true);
    expect(box('Create Items').checked).toBe(true);
    expect(box('Update Brands').checked).toBe(false);
    expect(box('Create').checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Role updated successfully.')).toBeTruthy();
    const ids = (saved as { permission_ids: number[] }).permission_ids;
    expect([...ids].sort((a, b) => a - b)).toEqual(
      ['view-brands', 'create-brands', 'create-items', 'create-roles'].map(idOf).sort((a, b) => a - b),
    );
    await waitFor(() => expect(currentUrl().pathname).toBe('/roles/4'));
  });

  it('ticks and unticks every action of one resource from its row header', async () => {
    await renderMatrix();
    fireEvent.click(box('Items'));
    await waitFor(() => expect(actions.every((action) => box(`${actionWords(action)} Items`).checked)).toBe(true));
    expect(box('Create Brands').checked).toBe(false);
    fireEvent.click(box('Items'));
    await waitFor(() => expect(actions.some((action) => box(`${actionWords(action)} Items`).checked)).toBe(false));
    expect(box('View Brands').checked).toBe(true);
  });
});
