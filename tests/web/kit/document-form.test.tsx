// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getCreateBillPaymentResponseMock } from '../../../generated/hooks/bill-payments/bill-payments.msw.ts';
import { getGetBillResponseMock } from '../../../generated/hooks/bills/bills.msw.ts';
import { billPayments } from '../../../src/areas/purchasing/bill-payments.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const posted: { key: string | null; body: unknown }[] = [];

beforeEach(() => {
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/bills/:id', ({ params }) =>
      HttpResponse.json(
        getGetBillResponseMock({ id: Number(params.id), number: 'B-20261121-B00001-00000042', balance: 1800.5 }),
      ),
    ),
    http.post('*/api/bill-payments', async ({ request }) => {
      posted.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      return posted.length === 1
        ? HttpResponse.json({ message: 'The service is busy, try again.' }, { status: 503 })
        : HttpResponse.json(getCreateBillPaymentResponseMock({ id: 77 }), { status: 201 });
    }),
  );
});

it('starts a payment from its bill, and sends each submit with a fresh Idempotency-Key', async () => {
  const api = await billPayments.load();
  renderRoutes(
    [
      {
        path: '/bill-payments/create/:bill_id?',
        element: <FormScreen resource={billPayments} api={api} mode="create" />,
      },
    ],
    '/bill-payments/create/42',
  );
  expect(await screen.findByDisplayValue('B-20261121-B00001-00000042')).toBeTruthy();
  expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('1800.5');
  fireEvent.change(screen.getByLabelText(/Payment Method/), { target: { value: 'cash' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The service is busy, try again.')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Bill Payment created successfully.')).toBeTruthy();
  expect(posted.map((post) => post.body)).toEqual([
    expect.objectContaining({ bill_id: 42, amount: 1800.5, payment_method: 'cash' }),
    expect.objectContaining({ bill_id: 42, amount: 1800.5, payment_method: 'cash' }),
  ]);
  expect(posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posted[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posted[1]?.key).not.toBe(posted[0]?.key);
});
