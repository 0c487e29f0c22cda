// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetStockReturnResponseMock } from '../../../generated/hooks/stock-returns/stock-returns.msw.ts';
import { stockReturns } from '../../../src/areas/logistics/stock-returns.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

beforeEach(() => {
  storeUser(mockUser.user);
  server.use(
    // The transfer went from Central Warehouse to Makati Branch; its goods come back.
    http.get('*/api/stock-returns/:id', () =>
      HttpResponse.json(
        getGetStockReturnResponseMock({
          id: 4,
          number: 'SRT-0004',
          stock_transfer_number: 'ST-0002',
          from_location_name: 'Central Warehouse',
          to_location_name: 'Makati Branch',
          deleted_at: null,
          lines: [],
        }),
      ),
    ),
    http.get('*/api/stock-returns/:id/history', () => HttpResponse.json([])),
  );
});

it('reads a return as the goods go: back from the branch to the warehouse', async () => {
  const api = await stockReturns.load();
  renderRoutes(
    [{ path: '/stock-returns/:id', element: <ViewScreen resource={stockReturns} api={api} /> }],
    '/stock-returns/4',
  );
  await screen.findByRole('heading', { name: 'Stock Return SRT-0004' });
  const detail = (label: string) =>
    screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
  expect(detail('Returned From')).toBe('Makati Branch');
  expect(detail('Returned To')).toBe('Central Warehouse');
  const labels = [...document.querySelectorAll('dt')].map((term) => term.textContent);
  expect(labels.indexOf('Returned From')).toBeLessThan(labels.indexOf('Returned To'));
  expect(labels).not.toContain('From');
});
