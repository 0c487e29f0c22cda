// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListBrandsResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// Brands have no definition file: theirs follows from the registry entry (src/app/definitions.ts).
const brands = resourceByKey('brands');

withMockServer();

const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/brands', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      return HttpResponse.json(
        getListBrandsResponseMock({
          data: [
            {
              ...getListBrandsResponseMock().data[0],
              id: 7,
              name: 'Ray-Ban',
              description: null,
              deleted_at: null,
            } as ReturnType<typeof getListBrandsResponseMock>['data'][number],
          ],
          meta: { current_page: page, last_page: 30, per_page: 15, total: 444 },
        }),
      );
    }),
  );
});

async function renderBrands(entry: string) {
  const api = await brands.load();
  renderRoutes([{ path: '/brands', element: <ListScreen resource={brands} api={api} /> }], entry);
  await screen.findByText('Ray-Ban');
}

describe('the list screen', () => {
  it('captions the table with the plural name and meta.total, and links each row to view and edit', async () => {
    await renderBrands('/brands');
    expect(screen.getByText('List of Brands - Total 444')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/brands/7');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/brands/7/edit');
    expect(screen.getByRole('link', { name: 'Create New' }).getAttribute('href')).toBe('/brands/create');
  });

  it('claims no total while the first page is on its way', async () => {
    let answer: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/brands', async () => {
        await arrived;
        return HttpResponse.json(
          getListBrandsResponseMock({
            data: [],
            meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
          }),
        );
      }),
    );
    const api = await brands.load();
    renderRoutes([{ path: '/brands', element: <ListScreen resource={brands} api={api} /> }], '/brands');
    await screen.findByText('List of Brands');
    expect(screen.queryByText(/Total/)).toBeNull();
    answer();
    await screen.findByText('List of Brands - Total 0');
  });

  it('says "More than 1,000" when a search counted its matches only up to the bound', async () => {
    server.use(
      http.get('*/api/brands', () =>
        HttpResponse.json(
          getListBrandsResponseMock({
            data: [
              {
                ...getListBrandsResponseMock().data[0],
                id: 7,
                name: 'Ray-Ban',
                deleted_at: null,
              } as ReturnType<typeof getListBrandsResponseMock>['data'][number],
            ],
            meta: { current_page: 1, last_page: 67, per_page: 15, total: 1000, total_is_lower_bound: true },
          }),
        ),
      ),
    );
    await renderBrands('/brands?search=ray');
    expect(screen.getByText('List of Brands - More than 1,000')).toBeTruthy();
  });

  it('reads its query from the URL and asks the server for exactly that', async () => {
    await renderBrands('/brands?page=3&per_page=50&order_by=asc&only_trashed=1&search=ray');
    const asked = requests.at(-1);
    expect(asked?.searchParams.get('page')).toBe('3');
    expect(asked?.searchParams.get('per_page')).toBe('50');
    expect(asked?.searchParams.get('order_by')).toBe('asc');
    expect(asked?.searchParams.get('only_trashed')).toBe('1');
    expect(asked?.searchParams.get('search')).toBe('ray');
    expect((screen.getByLabelText('Quick Search') as HTMLInputElement).value).toBe('ray');
  });

  it('turns one trashed toggle off when the other goes on, and starts again at page 1', async () => {
    await renderBrands('/brands?page=4&with_trashed=1');
    fireEvent.click(screen.getByRole('button', { name: 'Only Trashed' }));
    await waitFor(() => expect(currentUrl().searchParams.get('only_trashed')).toBe('1'));
    expect(currentUrl().searchParams.get('with_trashed')).toBe('0');
    expect(currentUrl().searchParams.get('page')).toBe('1');
  });

  it('offers no trash on a list whose records cannot be deleted (cash sessions, Z-readings)', async () => {
    for (const key of ['cash-sessions', 'z-readings'] as const) {
      const resource = resourceByKey(key);
      expect(resource.deletable).toBe(false);
    }
    const cashSessions = resourceByKey('cash-sessions');
    server.use(
      http.get('*/api/cash-sessions', () =>
        HttpResponse.json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 } }),
      ),
    );
    const api = await cashSessions.load();
    renderRoutes(
      [{ path: '/cash-sessions', element: <ListScreen resource={cashSessions} api={api} /> }],
      '/cash-sessions',
    );
    await screen.findByText('List of Cash Sessions - Total 0');
    expect(screen.queryByRole('button', { name: 'With Trashed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Only Trashed' })).toBeNull();
    expect(brands.deletable).toBe(true);
  });

  it('keeps the page when sorting, and starts again at page 1 when the page size changes', async () => {
    await renderBrands('/brands?page=4');
    fireEvent.click(screen.getByRole('button', { name: 'Oldest' }));
    await waitFor(() => expect(currentUrl().searchParams.get('order_by')).toBe('asc'));
    expect(currentUrl().searchParams.get('page')).toBe('4');
    fireEvent.change(screen.getByLabelText('Number of Items'), { target: { value: '75' } });
    await waitFor(() => expect(currentUrl().searchParams.get('per_page')).toBe('75'));
    expect(currentUrl().searchParams.get('page')).toBe('1');
  });

  it('searches after typing stops, from page 1, and Clear Search empties every filter', async () => {
    await renderBrands('/brands?page=5');
    expect(screen.queryByRole('button', { name: 'Clear Search' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Quick Search'), { target: { value: 'oakley' } });
    await waitFor(() => expect(currentUrl().searchParams.get('search')).toBe('oakley'));
    expect(currentUrl().searchParams.get('page')).toBe('1');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(currentUrl().searchParams.has('search')).toBe(false));
    expect((screen.getByLabelText('Quick Search') as HTMLInputElement).value).toBe('');
  });

  it('moves between pages with the pagination bar', async () => {
    await renderBrands('/brands?page=10');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentUrl().searchParams.get('page')).toBe('11'));
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(currentUrl().searchParams.get('page')).toBe('30'));
  });

  it('opens the advanced search titled with the plural name and applies its order', async () => {
    await renderBrands('/brands');
    fireEvent.click(screen.getByRole('button', { name: 'Advance Search' }));
    expect(await screen.findByText('Search Brands')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order By'), { target: { value: 'asc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl().searchParams.get('order_by')).toBe('asc'));
  });

  it('hides View and Edit without their permissions', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-brands'] });
    await renderBrands('/brands');
    expect(screen.getByRole('link', { name: 'View' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create New' })).toBeNull();
  });
});

describe('details of Quick Search (docs/domain/screens.md, List screen and Constants)', () => {
  it('lists nothing on a screen that marks Quick Search required until a value is typed', async () => {
    const api = await brands.load();
    renderRoutes(
      [{ path: '/brands', element: <ListScreen resource={{ ...brands, quickSearchRequired: true }} api={api} /> }],
      '/brands',
    );
    expect(await screen.findByText('Type in Quick Search to list Brands.')).toBeTruthy();
    expect(requests).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Quick Search'), { target: { value: 'ray' } });
    expect(await screen.findByText('Ray-Ban')).toBeTruthy();
    expect(requests.map((url) => url.searchParams.get('search'))).toEqual(['ray']);
  });

  it('offers Clear Search once a value is typed, and clearing searches again for everything', async () => {
    await renderBrands('/brands');
    expect(screen.queryByRole('button', { name: 'Clear Search' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Quick Search'), { target: { value: 'ray' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));
    expect((screen.getByLabelText('Quick Search') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear Search' })).toBeNull());
    await waitFor(() => expect(currentUrl().searchParams.get('search')).toBeNull());
    expect(requests.at(-1)?.searchParams.get('search')).toBeNull();
  });
});
