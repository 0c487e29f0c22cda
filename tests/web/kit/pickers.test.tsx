// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { receiveOrders } from '../../../src/areas/purchasing/receive-orders.ts';
import { invoicePayments } from '../../../src/areas/sales/invoice-payments.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const searches: URL[] = [];

const order = getGetPurchaseOrderResponseMock({
  id: 9,
  number: 'PO-20260301-W00002-00000009',
  contact_id: 7,
  contact_name: 'Vision Supply Co.',
  branch_id: null,
  warehouse_id: 2,
  location_name: 'Central Warehouse',
  status: 'partially_received',
  deleted_at: null,
  lines: [
    {
      id: 91,
      item_id: 3,
      unit_of_measurement_id: null,
      item_code: 'LS-010',
      item_name: 'Lens Solution 120ml',
      quantity: 10,
      received_quantity: 4,
      still_to_come: 6,
      unit_name: null,
      billed_quantity: 0,
      unit_cost: 80,
      discount_percent: null,
      amount: 800,
    },
  ],
});

beforeEach(() => {
  searches.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/purchase-orders/search', ({ request }) => {
      searches.push(new URL(request.url));
      return HttpResponse.json([order]);
    }),
    http.get('*/api/purchase-orders/:id', () => HttpResponse.json(order)),
    http.get('*/api/contacts/search', ({ request }) => {
      searches.push(new URL(request.url));
      return HttpResponse.json([getGetContactResponseMock({ id: 3, name: 'Juan dela Cruz' })]);
    }),
    http.get('*/api/invoices/search', ({ request }) => {
      searches.push(new URL(request.url));
      return HttpResponse.json([
        getGetInvoiceResponseMock({
          id: 12,
          number: 'I-20261121-B00001-00000012',
          contact_name: 'Juan dela Cruz',
          balance: 15790,
        }),
      ]);
    }),
  );
});

async function renderCreate(resource: ResourceDefinition) {
  const api = await resource.load();
  renderRoutes(
    [{ path: `/${resource.key}/create`, element: <FormScreen resource={resource} api={api} mode="create" /> }],
    `/${resource.key}/create`,
  );
}

const input = (name: string): HTMLInputElement => {
  const found = document.querySelector(`input[name="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`No input named ${name}.`);
  return found;
};

async function openPicker(name: string) {
  await waitFor(() => input(name));
  fireEvent.focus(input(name));
  fireEvent.change(input(name), { target: { value: '' } });
  const list = document.getElementById(input(name).getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`No suggestions for ${name}.`);
  return within(list).findAllByRole('option');
}

it('offers a receive order only the orders with something left to receive, and fills the form from the one picked', async () => {
  await renderCreate(receiveOrders);
  const [option] = await openPicker('purchase_order_id');
  expect(searches.at(-1)?.searchParams.get('has_unreceived')).toBe('1');
  // The server answers only the orders at a location the user may use (a clerk's own warehouse).
  expect(searches.at(-1)?.searchParams.get('usable')).toBe('1');
  if (!option) throw new Error('No order offered.');
  fireEvent.mouseDown(option);

  // As /receive-orders/create/9 would: the supplier, the location and what remains of each line.
  await waitFor(() => expect(input('contact_id').value).toBe('Vision Supply Co.'));
  expect(input('warehouse_id').value).toBe('Central Warehouse');
  expect(screen.getByText('Lens Solution 120ml')).toBeTruthy();
  expect((screen.getByLabelText('Quantity 1') as HTMLInputElement).value).toBe('6');
});

it("offers a sale's customer picker customers only", async () => {
  await renderCreate(invoices);
  await openPicker('contact_id');
  expect(searches.at(-1)?.pathname).toMatch(/contacts\/search$/);
  expect(searches.at(-1)?.searchParams.get('role')).toBe('customer');
});

it('offers a payment only invoices with a balance, each read with its customer and balance', async () => {
  await renderCreate(invoicePayments);
  const options = await openPicker('invoice_id');
  expect(searches.at(-1)?.searchParams.get('has_balance')).toBe('1');
  expect(options.map((option) => option.textContent)).toEqual([
    'I-20261121-B00001-00000012 · Juan dela Cruz · balance ₱15,790',
  ]);
});
