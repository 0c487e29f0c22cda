// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetJobOrderResponseMock } from '../../../generated/hooks/job-orders/job-orders.msw.ts';
import { jobOrders } from '../../../src/areas/eye-care/job-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// docs/domain/eye-care.md, Eyewear job orders: an invoice made before its eyewear order is linked from the order's view.
let linkedTo: number | null = null;
const searched: URLSearchParams[] = [];
const linked: unknown[] = [];

const order = () =>
  getGetJobOrderResponseMock({
    id: 31,
    number: 'JO-20261121-B00001-00000031',
    contact_id: 7,
    contact_name: 'Lourdes Villanueva',
    branch_id: 4,
    branch_name: 'Makati Branch',
    status: 'ready',
    job_invoicing: 'at_order',
    remake_of_id: null,
    deleted_at: null,
    invoice_id: linkedTo,
    invoice_number: linkedTo === null ? null : 'I-20261120-B00004-00000055',
    invoice_total: linkedTo === null ? null : 4500,
    invoice_balance: linkedTo === null ? null : 4500,
  });

beforeEach(() => {
  linkedTo = null;
  searched.length = 0;
  linked.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/job-orders/:id', () => HttpResponse.json(order())),
    http.get('*/api/job-orders/:id/history', () => HttpResponse.json([])),
    http.get('*/api/invoices/search', ({ request }) => {
      searched.push(new URL(request.url).searchParams);
      return HttpResponse.json([
        getGetInvoiceResponseMock({
          id: 55,
          number: 'I-20261120-B00004-00000055',
          invoice_date: '2026-11-20',
          total: 4500,
          job_order_id: null,
        }),
        getGetInvoiceResponseMock({ id: 56, number: 'I-20261119-B00004-00000056', job_order_id: 12 }),
      ]);
    }),
    http.post('*/api/job-orders/:id/link-invoice', async ({ request }) => {
      const body = (await request.json()) as { invoice_id: number };
      linked.push(body);
      linkedTo = body.invoice_id;
      return HttpResponse.json(order());
    }),
  );
});

it("links the patient's earlier invoice from the order's view, after which its payment can be recorded", async () => {
  const api = await jobOrders.load();
  renderRoutes([{ path: '/job-orders/:id', element: <ViewScreen resource={jobOrders} api={api} /> }], '/job-orders/31');
  fireEvent.click(await screen.findByRole('button', { name: 'Link Invoice' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link Invoice' });
  const picker = within(dialog).getByRole('combobox', { name: /Invoice/ });
  fireEvent.focus(picker);
  const option = await within(dialog).findByRole('option', { name: /I-20261120-B00004-00000055/ });
  // An invoice already linked to another order is not offered.
  expect(within(dialog).queryByRole('option', { name: /00000056/ })).toBeNull();
  expect(searched[0]?.get('contact_id')).toBe('7');
  expect(searched[0]?.get('branch_id')).toBe('4');
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
  expect(await screen.findByText('Invoice linked successfully.')).toBeTruthy();
  expect(linked).toEqual([{ invoice_id: 55 }]);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Link Invoice' })).toBeNull());
  expect(await screen.findByRole('link', { name: 'Record Payment' })).toBeTruthy();
});

it('shows why the server refused the invoice under the picker', async () => {
  server.use(
    http.post('*/api/job-orders/:id/link-invoice', () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: { invoice_id: ['The invoice must be from the job order’s branch.'] },
        },
        { status: 422 },
      ),
    ),
  );
  const api = await jobOrders.load();
  renderRoutes([{ path: '/job-orders/:id', element: <ViewScreen resource={jobOrders} api={api} /> }], '/job-orders/31');
  fireEvent.click(await screen.findByRole('button', { name: 'Link Invoice' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link Invoice' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
  expect(await within(dialog).findByText('Choose the invoice to link.')).toBeTruthy();
  fireEvent.focus(within(dialog).getByRole('combobox', { name: /Invoice/ }));
  const option = await within(dialog).findByRole('option', { name: /00000055/ });
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
  expect(await within(dialog).findByText('The invoice must be from the job order’s branch.')).toBeTruthy();
});
