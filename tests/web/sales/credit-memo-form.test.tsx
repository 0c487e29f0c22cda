// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import {
  getCreateCreditMemoResponseMock,
  getListCreditMemosResponseMock,
} from '../../../generated/hooks/credit-memos/credit-memos.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { creditMemos } from '../../../src/areas/sales/credit-memos.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/sales.md, Credit memos: "Return / Credit" on an invoice opens the memo form with the invoice's lines at
// what is left to credit on each; a line that was all returned is left out.

withMockServer();

const line = (id: number, name: string, quantity: number, credited: number) => ({
  id,
  item_id: id + 100,
  item_code: `C-${id}`,
  item_name: name,
  quantity,
  unit_price: 1000,
  discount_percent: null,
  amount: quantity * 1000,
  tax_class: 'vatable' as const,
  special_discount_amount: 0,
  lot_number: null,
  lots: [],
  credited_quantity: credited,
  credited_amount: credited * 1000,
  warranty_until: null,
});

const invoice = getGetInvoiceResponseMock({
  id: 12,
  number: 'I-20261121-B00004-00000012',
  contact_id: 3,
  contact_name: 'Juan dela Cruz',
  branch_id: 4,
  deleted_at: null,
  total: 6000,
  credited_total: 2000,
  amount_paid: 4000,
  balance: 0,
  status: 'paid',
  lines: [line(1, 'Wayfarer frame', 3, 1), line(2, 'Lens cloth', 1, 1), line(3, 'Lens solution', 2, 0)],
});

const posted: unknown[] = [];

beforeEach(() => {
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/invoices/:id', () => HttpResponse.json(invoice)),
    http.post('*/api/documents/get-number-total-count', () => HttpResponse.json({ total: 2 })),
    http.post('*/api/documents/get-reference-number-total-count', () => HttpResponse.json({ total: 0 })),
    http.get('*/api/credit-memos', () => {
      const memo = getListCreditMemosResponseMock().data[0];
      return HttpResponse.json(
        getListCreditMemosResponseMock({
          data: memo
            ? [
                {
                  ...memo,
                  id: 40,
                  number: 'CM-20261122-B00004-00000040',
                  memo_date: '2026-11-22',
                  reason: 'returned',
                  total: 2000,
                  deleted_at: null,
                },
              ]
            : [],
        }),
      );
    }),
    http.post('*/api/credit-memos', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(getCreateCreditMemoResponseMock({ id: 41 }), { status: 201 });
    }),
  );
});

async function renderFlow(entry: string) {
  const [memosApi, invoicesApi] = await Promise.all([creditMemos.load(), invoices.load()]);
  renderRoutes(
    [
      {
        path: '/credit-memos/create/:invoice_id?',
        element: <FormScreen resource={creditMemos} api={memosApi} mode="create" />,
      },
      {
        path: '/credit-memos/create/exchange/:invoice_id',
        element: <FormScreen resource={creditMemos} api={memosApi} mode="create" prefillSegment="exchange" />,
      },
      { path: '/invoices/create/from-credit-memo/:credit_memo_id', element: <p>New invoice</p> },
      { path: '/invoices/:id', element: <ViewScreen resource={invoices} api={invoicesApi} /> },
    ],
    entry,
  );
}

it('offers Return / Credit and Exchange on the invoice view', async () => {
  await renderFlow('/invoices/12');
  const ret = await screen.findByRole('link', { name: 'Return / Credit' });
  expect(ret.getAttribute('href')).toBe('/credit-memos/create/12?redirect_to=invoices.view&id=12');
  expect(screen.getByRole('link', { name: 'Exchange' }).getAttribute('href')).toBe('/invoices/12/exchange');
});

it("prefills the memo with the invoice's lines at what is left, and posts only what the form holds", async () => {
  await renderFlow('/credit-memos/create/12?redirect_to=invoices.view&id=12');
  expect(await screen.findByText('Wayfarer frame (2 of 3 left)')).toBeTruthy();
  expect(screen.getByText('Lens solution (2 of 2 left)')).toBeTruthy();
  expect(screen.queryByText(/Lens cloth/)).toBeNull();
  const quantities = screen.getAllByRole('spinbutton', { name: /Quantity Returned/ }) as HTMLInputElement[];
  expect(quantities.map((input) => input.value)).toEqual(['2', '2']);
  fireEvent.change(quantities[0] as HTMLInputElement, { target: { value: '1' } });
  fireEvent.click(screen.getAllByRole('button', { name: /Remove/ })[1] as HTMLElement);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/invoices/12'));
  expect(posted).toEqual([
    expect.objectContaining({
      invoice_id: 12,
      reason: 'returned',
      lines: [expect.objectContaining({ invoice_line_id: 1, quantity: 1, restock: true })],
    }),
  ]);
});

it('keeps an exchange as store credit and goes on to the new invoice', async () => {
  await renderFlow('/credit-memos/create/exchange/12');
  await screen.findByText('Wayfarer frame (2 of 3 left)');
  expect((screen.getByLabelText(/Settle the Excess as/) as HTMLSelectElement).value).toBe('store_credit');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/invoices/create/from-credit-memo/41'));
  expect(posted).toEqual([expect.objectContaining({ settlement: 'store_credit' })]);
});

it("lists the invoice's credit memos on its view, each linked", async () => {
  await renderFlow('/invoices/12');
  const table = (await screen.findByText('Credit Memos')).closest('table') as HTMLElement;
  const link = await within(table).findByRole('link', { name: 'CM-20261122-B00004-00000040' });
  expect(link.getAttribute('href')).toBe('/credit-memos/40');
  expect(table.textContent).toContain('₱2,000');
});

it('works out each line, the total, the invoice balance and the store credit or refund as the cashier types', async () => {
  await renderFlow('/credit-memos/create/12');
  await screen.findByText('Wayfarer frame (2 of 3 left)');
  // Two of three frames at ₱3,000 (₱1,000 already credited) and both lens solutions at ₱2,000.
  await waitFor(() => expect(screen.getByLabelText('Amount 1').textContent).toBe('₱2,000'));
  expect(screen.getByLabelText('Amount 2').textContent).toBe('₱2,000');
  const settles = () =>
    Object.fromEntries(
      within(screen.getByLabelText('What the memo settles'))
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
  expect(settles()).toEqual({
    'Invoice balance': '₱0',
    'Memo total': '₱4,000',
    'Applied to the invoice': '₱0',
    'Store credit for the customer': '₱4,000',
  });
  fireEvent.change(screen.getAllByRole('spinbutton', { name: /Quantity Returned/ })[0] as HTMLElement, {
    target: { value: '1' },
  });
  fireEvent.change(screen.getByLabelText(/Settle the Excess as/), { target: { value: 'refund' } });
  await waitFor(() => expect(screen.getByLabelText('Amount 1').textContent).toBe('₱1,000'));
  const total = within(screen.getByLabelText('Totals')).getByText('Total');
  expect(total.nextElementSibling?.textContent).toBe('₱3,000');
  expect(settles()).toMatchObject({ 'Memo total': '₱3,000', 'Refund to the customer': '₱3,000' });
});

it('restocks line by line: the reason sets every line, the cashier changes one of a mixed return', async () => {
  await renderFlow('/credit-memos/create/12');
  await screen.findByText('Wayfarer frame (2 of 3 left)');
  const restock = () => screen.getAllByRole('checkbox', { name: /^Restock/ }) as HTMLInputElement[];
  expect(restock().map((box) => box.checked)).toEqual([true, true]);
  fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'defective' } });
  await waitFor(() => expect(restock().map((box) => box.checked)).toEqual([false, false]));
  fireEvent.click(restock()[1] as HTMLElement);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({
    reason: 'defective',
    lines: [
      { invoice_line_id: 1, restock: false },
      { invoice_line_id: 3, restock: true },
    ],
  });
});
