// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBillResponseMock } from '../../../generated/hooks/bills/bills.msw.ts';
import {
  getCreateInvoicePaymentResponseMock,
  getGetInvoicePaymentResponseMock,
  getListInvoicePaymentsResponseMock,
} from '../../../generated/hooks/invoice-payments/invoice-payments.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { billPayments } from '../../../src/areas/purchasing/bill-payments.ts';
import { invoicePayments } from '../../../src/areas/sales/invoice-payments.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { businessDayIso } from '../../../src/format/date.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const invoice = getGetInvoiceResponseMock({
  id: 12,
  number: 'I-20261121-B00004-00000012',
  contact_name: 'Juan dela Cruz',
  branch_id: 4,
  total: 25790,
  amount_paid: 10000,
  balance: 15790,
  status: 'partially_paid',
  deleted_at: null,
});

const counted: unknown[] = [];
const posted: unknown[] = [];

beforeEach(() => {
  counted.length = 0;
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/invoices/:id', () => HttpResponse.json(invoice)),
    http.post('*/api/documents/get-number-total-count', async ({ request }) => {
      counted.push(await request.json());
      return HttpResponse.json({ total: 6 });
    }),
    http.post('*/api/invoice-payments', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(getCreateInvoicePaymentResponseMock({ id: 31 }), { status: 201 });
    }),
    http.get('*/api/invoice-payments', () =>
      HttpResponse.json(
        getListInvoicePaymentsResponseMock({
          data: [
            getGetInvoicePaymentResponseMock({
              id: 30,
              number: 'IP-20261121-B00004-00000006',
              invoice_id: 12,
              payment_method: 'e_wallet',
              reference: 'GC-88213',
              amount: 10000,
            }),
          ],
        }),
      ),
    ),
  );
});

async function renderPaymentFlow(entry: string) {
  const [paymentsApi, invoicesApi] = await Promise.all([invoicePayments.load(), invoices.load()]);
  renderRoutes(
    [
      {
        path: '/invoice-payments/create/:invoice_id?',
        element: <FormScreen resource={invoicePayments} api={paymentsApi} mode="create" />,
      },
      { path: '/invoices/:id', element: <ViewScreen resource={invoices} api={invoicesApi} /> },
    ],
    entry,
  );
}

it('shows the invoice being paid, previews the number at its branch, starts at cash and goes back to the invoice', async () => {
  await renderPaymentFlow('/invoice-payments/create/12?redirect_to=invoices.view&id=12');

  const summary = await screen.findByLabelText('Invoice being paid');
  const cells = within(summary)
    .getAllByRole('definition')
    .map((cell) => cell.textContent);
  expect(cells).toEqual(['I-20261121-B00004-00000012', 'Juan dela Cruz', '₱25,790', '₱10,000', '₱15,790']);

  const day = businessDayIso().replaceAll('-', '');
  expect(await screen.findByText(`IP-${day}-B00004-00000007`)).toBeTruthy();
  expect(counted).toContainEqual(expect.objectContaining({ document_name: 'invoice-payment', branch_id: 4 }));
  expect((screen.getByLabelText(/Payment Method/) as HTMLSelectElement).value).toBe('cash');
  expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('15790');

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/invoices/12'));
  expect(posted).toEqual([expect.objectContaining({ invoice_id: 12, amount: 15790, payment_method: 'cash' })]);
});

it("lists the invoice's payments on its view, each method by its one label", async () => {
  await renderPaymentFlow('/invoices/12');
  expect(await screen.findByText('IP-20261121-B00004-00000006')).toBeTruthy();
  expect(screen.getByText('E-Wallet')).toBeTruthy();
  const record = screen.getByRole('link', { name: 'Record Payment' });
  expect(record.getAttribute('href')).toBe('/invoice-payments/create/12?redirect_to=invoices.view&id=12');
});

it('reads the largest amount it refuses as money', async () => {
  await renderPaymentFlow('/invoice-payments/create/12');
  await screen.findByLabelText('Invoice being paid');
  await waitFor(() => expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('15790'));
  fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '100000000000000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The amount may not be more than ₱90,000,000,000,000.00.')).toBeTruthy();
  expect(posted).toEqual([]);
});

it('works out the change from the cash tendered, and records only the amount applied', async () => {
  await renderPaymentFlow('/invoice-payments/create/12?redirect_to=invoices.view&id=12');
  await screen.findByLabelText('Invoice being paid');
  await waitFor(() => expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('15790'));
  const tendered = screen.getByRole('spinbutton', { name: 'Cash tendered' });
  fireEvent.change(tendered, { target: { value: '16000' } });
  const change = () => screen.getByText(/^(Change|Short by)$/).parentElement?.textContent;
  expect(change()).toBe('Change₱210');
  fireEvent.change(tendered, { target: { value: '15000' } });
  expect(change()).toBe('Short by₱790');
  fireEvent.change(tendered, { target: { value: '20000' } });

  // Paid by card there is no cash to count.
  fireEvent.change(screen.getByLabelText(/Payment Method/), { target: { value: 'card' } });
  await waitFor(() => expect(screen.queryByRole('spinbutton', { name: 'Cash tendered' })).toBeNull());
  fireEvent.change(screen.getByLabelText(/Payment Method/), { target: { value: 'cash' } });
  await screen.findByRole('spinbutton', { name: 'Cash tendered' });

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/invoices/12'));
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({ amount: 15790, payment_method: 'cash' });
  expect(JSON.stringify(posted[0])).not.toContain('tendered');
});

it('offers no cash tendered or change on a bill payment: the shop pays the supplier, it takes no cash in', async () => {
  server.use(
    http.get('*/api/bills/:id', () =>
      HttpResponse.json(
        getGetBillResponseMock({
          id: 8,
          number: 'B-20261121-B00004-00000008',
          total: 5000,
          balance: 5000,
          deleted_at: null,
        }),
      ),
    ),
  );
  const api = await billPayments.load();
  renderRoutes(
    [
      {
        path: '/bill-payments/create/:bill_id?',
        element: <FormScreen resource={billPayments} api={api} mode="create" />,
      },
    ],
    '/bill-payments/create/8',
  );
  await screen.findByLabelText('Bill being paid');
  expect((screen.getByLabelText(/Payment Method/) as HTMLSelectElement).value).toBe('cash');
  expect(screen.queryByLabelText('Cash tendered')).toBeNull();
  expect(screen.queryByText(/^(Change|Short by)$/)).toBeNull();
});
