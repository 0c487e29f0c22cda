// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBranchResponseMock } from '../../../generated/hooks/branches/branches.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import {
  getGetSaleItemPriceResponseMock,
  getListSaleItemPricesResponseMock,
} from '../../../generated/hooks/sale-item-prices/sale-item-prices.msw.ts';
import { getGetStockResponseMock, getListStocksResponseMock } from '../../../generated/hooks/stocks/stocks.msw.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// The price lists: ₱100 at every branch from January, ₱120 at Makati (branch 4) from March.
const prices = [
  getGetSaleItemPriceResponseMock({
    id: 1,
    item_id: 5,
    branch_id: null,
    unit_price: 100,
    effective_date: '2026-01-01',
  }),
  getGetSaleItemPriceResponseMock({ id: 2, item_id: 5, branch_id: 4, unit_price: 120, effective_date: '2026-03-01' }),
];

beforeEach(() => {
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/items/search', () =>
      HttpResponse.json([getGetItemResponseMock({ id: 5, code: 'FR-001', name: 'Aviator Frame', sale_discounts: [] })]),
    ),
    http.get('*/api/branches/search', () =>
      HttpResponse.json([getGetBranchResponseMock({ id: 4, name: 'Makati Branch' })]),
    ),
    http.get('*/api/stocks', ({ request }) => {
      const branch = new URL(request.url).searchParams.get('branch_id');
      return HttpResponse.json(
        getListStocksResponseMock({
          data: branch === '4' ? [getGetStockResponseMock({ item_id: 5, branch_id: 4, quantity_on_hand: 12 })] : [],
        }),
      );
    }),
    http.get('*/api/sale-item-prices', ({ request }) => {
      const until = new URL(request.url).searchParams.get('effective_date_to') ?? '';
      return HttpResponse.json(
        getListSaleItemPricesResponseMock({ data: prices.filter((price) => price.effective_date <= until) }),
      );
    }),
  );
});

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

const input = (name: string): HTMLInputElement => {
  const found = document.querySelector(`input[name="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`No input named ${name}.`);
  return found;
};

async function pickFrom(target: HTMLInputElement, text: string, option: string) {
  fireEvent.focus(target);
  fireEvent.change(target, { target: { value: text } });
  const list = document.getElementById(target.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('No suggestions.');
  fireEvent.mouseDown(await within(list).findByRole('option', { name: option }));
}

it('prices again the lines priced from the lists when the branch or the date changes, and keeps a typed price', async () => {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  fireEvent.change(await screen.findByLabelText(/Invoice Date/), { target: { value: '2026-04-10' } });

  // Picked before the branch: the every-branch price.
  await pickFrom(screen.getByRole('combobox', { name: 'Item 1' }) as HTMLInputElement, 'FR', 'Aviator Frame · FR-001');
  await waitFor(() => expect(value('Unit Price 1')).toBe('100'));

  // A second line whose price the user types.
  fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
  await pickFrom(screen.getByRole('combobox', { name: 'Item 2' }) as HTMLInputElement, 'FR', 'Aviator Frame · FR-001');
  await waitFor(() => expect(value('Unit Price 2')).toBe('100'));
  fireEvent.change(screen.getByLabelText('Unit Price 2'), { target: { value: '90' } });

  // The branch has its own price: the listed line follows it, the typed one stays.
  await pickFrom(input('branch_id'), 'Mak', 'Makati Branch');
  await waitFor(() => expect(value('Unit Price 1')).toBe('120'));
  expect(value('Unit Price 2')).toBe('90');
  // And the item shows what the branch holds of it.
  expect((await screen.findAllByText('On hand here: 12')).length).toBe(2);

  // Back before any price was in effect: the line says so instead of keeping the old price.
  fireEvent.change(screen.getByLabelText(/Invoice Date/), { target: { value: '2025-12-01' } });
  expect(await screen.findByText('No price in effect for this item on this date/branch.')).toBeTruthy();
  expect(value('Unit Price 1')).toBe('');
  expect(value('Unit Price 2')).toBe('90');
});

it('says the on-hand figure is hidden while a blind count is open at the branch, for whoever may not post counts', async () => {
  // The API leaves the quantity out (null) for such a user (docs/domain/logistics.md, Blind counts).
  server.use(
    http.get('*/api/stocks', () =>
      HttpResponse.json(
        getListStocksResponseMock({
          data: [getGetStockResponseMock({ item_id: 5, branch_id: 4, quantity_on_hand: null, value: null })],
        }),
      ),
    ),
  );
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  await pickFrom(
    (await screen.findByRole('combobox', { name: 'Item 1' })) as HTMLInputElement,
    'FR',
    'Aviator Frame · FR-001',
  );
  await pickFrom(input('branch_id'), 'Mak', 'Makati Branch');
  expect(await screen.findByText('On hand here: Hidden during a blind count')).toBeTruthy();
});
