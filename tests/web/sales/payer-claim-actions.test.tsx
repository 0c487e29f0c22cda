// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getGetPayerClaimResponseMock } from '../../../generated/hooks/payer-claims/payer-claims.msw.ts';
import type { PayerClaimPaymentBody } from '../../../generated/model/index.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { payerClaims } from '../../../src/areas/sales/payer-claims.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// docs/domain/sales.md, Payer claims: the claim's moves on its view, as the server gates them.
const claim = getGetPayerClaimResponseMock({
  id: 7,
  number: 'HC-20261201-B00001-00000007',
  payer_id: 8,
  payer_name: 'Maxicare Healthcare Corporation',
  status: 'submitted',
  deleted_at: null,
  total: 3_000,
  paid: 0,
  disallowed: 0,
  outstanding: 3_000,
  lines: [
    {
      id: 1,
      invoice_id: 21,
      invoice_number: 'I-21',
      invoice_date: '2026-11-03',
      contact_id: 41,
      contact_name: 'Maria Santos',
      amount: 1_000,
      paid: 0,
      disallowed: 0,
      reason: null,
      status: 'open',
    },
    {
      id: 2,
      invoice_id: 22,
      invoice_number: 'I-22',
      invoice_date: '2026-11-04',
      contact_id: 42,
      contact_name: 'Jose Rizal',
      amount: 2_000,
      paid: 0,
      disallowed: 0,
      reason: null,
      status: 'open',
    },
  ],
  payments: [],
});

let sent: PayerClaimPaymentBody | null;

beforeEach(() => {
  sent = null;
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/payer-claims/:id/history', () => HttpResponse.json([])),
    http.get('*/api/payer-claims/:id', () => HttpResponse.json(claim)),
    http.get('*/api/contacts/:id', () =>
      HttpResponse.json(getGetContactResponseMock({ id: 8, withholding_percent: 1, deleted_at: null })),
    ),
    http.post('*/api/payer-claims/:id/payments', async ({ request }) => {
      sent = (await request.json()) as PayerClaimPaymentBody;
      return HttpResponse.json({ ...claim, status: 'paid' });
    }),
  );
});

async function openView(permissions: string[]) {
  storeUser({ ...mockUser.user, permission_names: permissions });
  const api = await payerClaims.load();
  renderRoutes(
    [{ path: '/payer-claims/:id', element: <ViewScreen resource={payerClaims} api={api} /> }],
    '/payer-claims/7',
  );
  await screen.findByRole('heading', { name: /HC-20261201-B00001-00000007/ });
}

it('records a payment net of the payer’s 1%, the 2307 to follow', async () => {
  await openView(mockUser.user.permission_names);
  fireEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect((within(dialog).getByLabelText(/^Tax Withheld/) as HTMLInputElement).value).toBe('30.00'));
  expect((within(dialog).getByLabelText('Amount Received') as HTMLInputElement).value).toBe('2970.00');
  fireEvent.change(within(dialog).getByLabelText('Paid 2'), { target: { value: '1500' } });
  await waitFor(() =>
    expect((within(dialog).getByLabelText('Amount Received') as HTMLInputElement).value).toBe('2475.00'),
  );
  fireEvent.change(within(dialog).getByLabelText('Form 2307 Number'), { target: { value: '2307-A' } });
  const toFollow = within(dialog).getByRole('checkbox', { name: 'The 2307 is to follow' });
  fireEvent.click(toFollow.closest('label') ?? toFollow);
  await waitFor(() =>
    expect((within(dialog).getByLabelText('Form 2307 Number') as HTMLInputElement).disabled).toBe(true),
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
  await waitFor(() => expect(sent).not.toBeNull());
  expect(sent).toMatchObject({
    amount_received: 2_475,
    tax_withheld: 25,
    form_2307_number: null,
    payment_method: 'bank_transfer',
    lines: [
      { invoice_id: 21, paid: 1_000 },
      { invoice_id: 22, paid: 1_500 },
    ],
  });
  await screen.findByText('Payer Claim HC-20261201-B00001-00000007 payment recorded successfully.');
});

it('offers a write-off only to a holder of write-off-disallowances, and nothing without create-payer-claims', async () => {
  await openView(['view-payer-claims', 'create-payer-claims']);
  fireEvent.click(await screen.findByRole('button', { name: 'Disallow' }));
  const dialog = await screen.findByRole('dialog');
  const outcome = within(dialog).getByLabelText('What Becomes of It');
  expect(
    within(outcome)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Bill back to the member']);
  fireEvent.change(within(dialog).getByLabelText('Disallowed 1'), { target: { value: '200' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Disallow' }));
  expect(await within(dialog).findByText('Say why the payer disallowed it.')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Tint not covered' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Disallow' }));
  await waitFor(() => expect(sent).not.toBeNull());
  expect(sent).toMatchObject({
    amount_received: 0,
    tax_withheld: 0,
    lines: [{ invoice_id: 21, disallowed: 200, reason: 'Tint not covered', write_off: false }],
  });
});

it('shows no move to a user who only views claims', async () => {
  await openView(['view-payer-claims']);
  await screen.findByRole('table', { name: 'Claim lines' });
  expect(screen.queryByRole('button', { name: 'Record Payment' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Disallow' })).toBeNull();
});
