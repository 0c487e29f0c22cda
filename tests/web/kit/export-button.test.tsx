// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getListBrandsResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// Brands have no definition file: theirs follows from the registry entry (src/app/definitions.ts).
const brands = resourceByKey('brands');

withMockServer();

const csvRequests: URL[] = [];
const downloads: string[] = [];

beforeEach(() => {
  csvRequests.length = 0;
  downloads.length = 0;
  storeUser(mockUser.user);
  Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  server.use(
    http.get('*/api/brands', ({ request }) => {
      const url = new URL(request.url);
      if (request.headers.get('accept')?.includes('text/csv')) {
        csvRequests.push(url);
        return new HttpResponse('id,name\n7,Ray-Ban\n', { headers: { 'Content-Type': 'text/csv' } });
      }
      return HttpResponse.json(
        getListBrandsResponseMock({ meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } }),
      );
    }),
  );
});

afterEach(() => vi.restoreAllMocks());

describe('the Export button of a list', () => {
  it('downloads the CSV of every page with the list’s own search, filters and order', async () => {
    const api = await brands.load();
    renderRoutes(
      [{ path: '/brands', element: <ListScreen resource={brands} api={api} /> }],
      '/brands?page=3&per_page=50&order_by=asc&with_trashed=1&search=ray',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const asked = csvRequests[0];
    expect(asked?.searchParams.get('search')).toBe('ray');
    expect(asked?.searchParams.get('order_by')).toBe('asc');
    expect(asked?.searchParams.get('with_trashed')).toBe('1');
    // Every page: the export is not cut to the page on screen.
    expect(asked?.searchParams.has('page')).toBe(false);
    expect(asked?.searchParams.has('per_page')).toBe(false);
    expect(downloads[0]).toMatch(/^brands-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
