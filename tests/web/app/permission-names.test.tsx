// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { permissions } from '../../../src/areas/management/permissions.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/DECISIONS.md, Staff set-up: the Permissions list reads in words, not as the stored names.

withMockServer();

const stored = [
  { id: 1, name: 'full-access-and-permssions', group: 'all', action: 'all' },
  { id: 2, name: 'view-brands', group: 'inventory', action: 'view' },
  { id: 3, name: 'force-delete-invoices', group: 'sales', action: 'force-delete' },
  { id: 4, name: 'view-costs', group: 'purchasing', action: 'view' },
  { id: 5, name: 'post-stock-counts', group: 'logistics', action: 'post' },
  { id: 6, name: 'post-backdated-documents', group: 'sales', action: 'create' },
];

beforeEach(() => {
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/permissions', () =>
      HttpResponse.json({
        data: stored.map((permission) => ({
          ...permission,
          guard_name: 'web',
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        })),
        meta: { current_page: 1, last_page: 1, per_page: 15, total: stored.length },
      }),
    ),
  );
});

it('names each permission in words, its group too, with the stored name beside it', async () => {
  const api = await permissions.load();
  renderRoutes([{ path: '/permissions', element: <ListScreen resource={permissions} api={api} /> }], '/permissions');
  const table = await screen.findByRole('table');
  const row = async (words: string) => (await within(table).findByText(words)).closest('tr')?.textContent ?? '';
  expect(await row('Full access and permissions')).toContain('full-access-and-permssions');
  expect(await row('View brands')).toContain('Inventory');
  expect(await row('Force delete invoices')).toContain('force-delete-invoices');
  expect(await row('View costs')).toContain('Purchasing');
  expect(await row('Post stock counts')).toContain('Logistics');
  expect(await row('Post backdated documents')).toContain('Sales');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual(expect.arrayContaining(['Permission', 'Group', 'Stored Name']));
});
