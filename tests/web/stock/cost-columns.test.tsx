// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListStocksResponseMock } from '../../../generated/hooks/stocks/stocks.msw.ts';
import { stocks } from '../../../src/areas/inventory/stocks.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

beforeEach(() => {
  server.use(
    http.get('*/api/stocks', () =>
      HttpResponse.json(
        getListStocksResponseMock({
          data: [
            {
              ...getListStocksResponseMock().data[0],
              id: 3,
              item_name: 'Daily contact lens',
              deleted_at: null,
              average_unit_cost: null,
              value: null,
            } as ReturnType<typeof getListStocksResponseMock>['data'][number],
          ],
          meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 },
        }),
      ),
    ),
  );
});

async function renderStocks() {
  const api = await stocks.load();
  renderRoutes([{ path: '/stocks', element: <ListScreen resource={stocks} api={api} /> }], '/stocks');
  await screen.findByText('Daily contact lens');
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('cost columns', () => {
  it('leaves Average Cost and Value out for a user without view-costs', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-stocks'] });
    await renderStocks();
    expect(headers()).toContain('On Hand');
    expect(headers()).not.toContain('Average Cost');
    expect(headers()).not.toContain('Value');
  });

  it('shows them with view-costs', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-stocks', 'view-costs'] });
    await renderStocks();
    expect(headers()).toEqual(expect.arrayContaining(['Average Cost', 'Value']));
  });
});
