// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBenefitResponseMock } from '../../../generated/hooks/benefits/benefits.msw.ts';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getListDiscountProgramsResponseMock } from '../../../generated/hooks/discount-programs/discount-programs.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getGetLoaResponseMock } from '../../../generated/hooks/loas/loas.msw.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// docs/domain/sales.md, HMO and PhilHealth benefits: the cashier sees the payer's and the member's shares move as the
// lines are typed, and the printed invoice shows both.
const member = getGetContactResponseMock({ id: 41, name: 'Maria Santos', deleted_at: null });
const lens = getGetItemResponseMock({
  id: 5,
  code: 'HOYA-150-SV',
  name: 'Hoya Hilux 1.50 SV',
  item_type_id: 2,
  tax_class: 'vatable',
  is_lot_tracked: false,
  deleted_at: null,
});
const letter = getGetLoaResponseMock({
  id: 9,
  benefit_id: 3,
  contact_id: 41,
  number: 'MX-LOA-77',
  payer_name: 'Maxicare Healthcare Corporation',
  approved_amount: 5_000,
  valid_until: '2026-12-31',
  status: 'approved',
  deleted_at: null,
});
const plan = getGetBenefitResponseMock({
  id: 3,
  item_type_ids: [],
  copay_percent: 10,
  remaining: 20_000,
  payer_kind: 'hmo',
  deleted_at: null,
});

beforeEach(() => {
  storeUser(mockUser.user);
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({ businesses: [getGetBusinessResponseMock({ id: 3, is_vat_registered: true })] }),
    ),
    http.get('*/api/discount-programs', () => HttpResponse.json(getListDiscountProgramsResponseMock({ data: [] }))),
    http.get('*/api/contacts/search', () => HttpResponse.json([member])),
    http.get('*/api/contacts/:id', () => HttpResponse.json(member)),
    http.get('*/api/items/search', () => HttpResponse.json([lens])),
    http.get('*/api/items/:id', () => HttpResponse.json(lens)),
    http.get('*/api/loas', () => HttpResponse.json({ data: [letter], meta: { total: 1 } })),
    http.get('*/api/benefits/:id', () => HttpResponse.json(plan)),
  );
});

const figure = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

it("shows the payer's and the member's shares as the cashier types the lines", async () => {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  const customer = (await screen.findByRole('combobox', { name: 'Customer' })) as HTMLInputElement;
  fireEvent.focus(customer);
  fireEvent.change(customer, { target: { value: 'Mari' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Maria Santos/ }));
  await waitFor(() => expect(customer.value).toBe('Maria Santos'));
  const item = screen.getByRole('combobox', { name: 'Item 1' });
  fireEvent.focus(item);
  fireEvent.change(item, { target: { value: 'HOYA' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Hoya Hilux 1.50 SV · HOYA-150-SV' }));
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity 1' }), { target: { value: '1' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit Price 1' }), { target: { value: '8000' } });
  const choice = screen.getByLabelText('HMO / PhilHealth LOA');
  await within(choice).findByRole('option', { name: /MX-LOA-77/ });
  fireEvent.change(choice, { target: { value: '9' } });

  // ₱8,000 covered, 10% copay: ₱7,200 is more than the LOA's ₱5,000, so the payer pays ₱5,000 and the member the rest.
  const shares = await screen.findByLabelText('Payer and member shares');
  await waitFor(() => expect(figure(shares, 'Payer share')).toBe('₱5,000'));
  expect(figure(shares, 'Member share')).toBe('₱3,000');
  // A cheaper lens: the copay's 10% of ₱4,000 is the member's, ₱3,600 the payer's.
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit Price 1' }), { target: { value: '4000' } });
  await waitFor(() => expect(figure(shares, 'Payer share')).toBe('₱3,600'));
  expect(figure(shares, 'Member share')).toBe('₱400');
});

it("prints both shares on the invoice, the payer's named", async () => {
  const invoice = getGetInvoiceResponseMock({
    id: 12,
    number: 'I-20261126-B00001-00000012',
    status: 'unpaid',
    deleted_at: null,
    contact_id: 41,
    contact_name: 'Maria Santos',
    loa_id: 9,
    payer_id: 8,
    payer_name: 'Maxicare Healthcare Corporation',
    payer_share: 5_000,
    member_share: 3_000,
    subtotal: 8_000,
    discount_total: 0,
    vat_removed: 0,
    special_discount_total: 0,
    special_discount: null,
    total: 8_000,
    credited_total: 5_000,
    amount_paid: 0,
    balance: 3_000,
    lines: [],
  });
  server.use(
    http.get('*/api/invoices/:id/history', () => HttpResponse.json([])),
    http.get('*/api/invoices/:id', () => HttpResponse.json(invoice)),
  );
  const api = await invoices.load();
  renderRoutes([{ path: '/invoices/:id', element: <ViewScreen resource={invoices} api={api} /> }], '/invoices/12');
  await screen.findByRole('heading', { name: 'Invoice I-20261126-B00001-00000012' });
  const payer = await screen.findByText('Payer share (Maxicare Healthcare Corporation)');
  expect(payer.nextElementSibling?.textContent).toBe('₱5,000');
  const memberShare = screen.getByText('Member share', { selector: 'span' });
  expect(memberShare.nextElementSibling?.textContent).toBe('₱3,000');
});
