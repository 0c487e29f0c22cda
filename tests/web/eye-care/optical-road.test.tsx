// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBranchResponseMock } from '../../../generated/hooks/branches/branches.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getCreateInvoicePaymentResponseMock } from '../../../generated/hooks/invoice-payments/invoice-payments.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getGetJobOrderResponseMock } from '../../../generated/hooks/job-orders/job-orders.msw.ts';
import {
  getGetPrescriptionResponseMock,
  getListPrescriptionsResponseMock,
} from '../../../generated/hooks/prescriptions/prescriptions.msw.ts';
import type { AuthUser } from '../../../generated/model/index.ts';
import { jobOrders } from '../../../src/areas/eye-care/job-orders.ts';
import { prescriptions } from '../../../src/areas/eye-care/prescriptions.ts';
import { contacts } from '../../../src/areas/management/contacts.ts';
import { invoicePayments } from '../../../src/areas/sales/invoice-payments.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/eye-care.md, Eyewear job orders: the optician's road runs from the views' own buttons, each save coming
// back to the record it started from, and the order's form starts at the optician's branch.

withMockServer();

const optician: AuthUser = {
  ...mockUser.user,
  name: 'Carla Santos',
  userable_from: 'Makati Branch',
  userable_type: 'branch',
  userable_id: 4,
};

const prescription = getGetPrescriptionResponseMock({
  id: 7,
  contact_id: 3,
  contact_name: 'Teodora Lim',
  kind: 'spectacles',
  examined_on: '2026-12-01',
  od_sphere: -1.25,
  od_cylinder: null,
  od_axis: null,
  os_sphere: -1.5,
  os_cylinder: null,
  os_axis: null,
  status: 'valid',
  is_used: false,
  deleted_at: null,
});

let order = getGetJobOrderResponseMock();
const created: Record<string, unknown>[] = [];

beforeEach(() => {
  created.length = 0;
  order = getGetJobOrderResponseMock({
    id: 31,
    number: 'JO-20261207-B00004-00000031',
    contact_id: 3,
    contact_name: 'Teodora Lim',
    branch_id: 4,
    branch_name: 'Makati Branch',
    status: 'open',
    job_invoicing: 'at_order',
    lab: 'in_house',
    remake_of_id: null,
    deleted_at: null,
    invoice_id: null,
    invoice_number: null,
    invoice_total: null,
    invoice_balance: null,
  });
  storeUser(optician);
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json({ user: optician })),
    http.get('*/api/prescriptions/:id', () => HttpResponse.json(prescription)),
    http.get('*/api/prescriptions/:id/history', () => HttpResponse.json([])),
    http.get('*/api/prescriptions', () =>
      HttpResponse.json(getListPrescriptionsResponseMock({ data: [prescription], meta: { ...page, total: 1 } })),
    ),
    http.get('*/api/job-orders/:id', () => HttpResponse.json(order)),
    http.get('*/api/job-orders/:id/history', () => HttpResponse.json([])),
    http.get('*/api/contacts/:id/history', () => HttpResponse.json([])),
    http.get('*/api/branches/search', () =>
      HttpResponse.json([getGetBranchResponseMock({ id: 4, name: 'Makati Branch', deleted_at: null })]),
    ),
    http.get('*/api/items/search', () =>
      HttpResponse.json([
        getGetItemResponseMock({
          id: 5,
          code: 'RB-2140-901',
          name: 'Ray-Ban Wayfarer',
          item_type_name: 'Frame',
          eye_size: 50,
          bridge: 22,
          frame_b: 42,
          frame_ed: 54,
          is_lot_tracked: false,
          deleted_at: null,
        }),
      ]),
    ),
    http.post('*/api/job-orders', async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(order, { status: 201 });
    }),
  );
});

const page = { current_page: 1, per_page: 25 as const, total: 0, last_page: 1, from: 1, to: 1 };

async function renderView(resource: ResourceDefinition, entry: string) {
  const api = await resource.load();
  renderRoutes([{ path: `/${resource.key}/:id`, element: <ViewScreen resource={resource} api={api} /> }], entry);
}

const linkTo = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');

it("starts the patient's next prescription and order from the patient's view, not from a supplier's", async () => {
  const patient = getGetContactResponseMock({
    id: 3,
    name: 'Teodora Lim',
    contact_type_name: 'Customer',
    deleted_at: null,
  });
  server.use(http.get('*/api/contacts/:id', () => HttpResponse.json(patient)));
  await renderView(contacts, '/contacts/3');
  expect(await linkTo('New Prescription')).toBe('/prescriptions/create/from-contact/3');
  expect(await linkTo('New Job Order')).toBe('/job-orders/create/from-contact/3');
});

it("offers no prescription or order on a supplier's view", async () => {
  const lab = getGetContactResponseMock({
    id: 9,
    name: 'Essilor Lab',
    contact_type_name: 'Supplier',
    deleted_at: null,
  });
  server.use(http.get('*/api/contacts/:id', () => HttpResponse.json(lab)));
  await renderView(contacts, '/contacts/9');
  expect(await screen.findByText('Essilor Lab')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'New Prescription' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'New Job Order' })).toBeNull();
});

it("starts an order from the prescription's view", async () => {
  await renderView(prescriptions, '/prescriptions/7');
  expect(await linkTo('New Job Order')).toBe('/job-orders/create/from-prescription/7');
});

it("offers the order's next step in place, each coming back to the order", async () => {
  await renderView(jobOrders, '/job-orders/31');
  expect(await linkTo('Create Invoice')).toBe('/invoices/create/from-job-order/31?redirect_to=job-orders.view&id=31');
  expect(screen.getByRole('button', { name: 'Send to Lab' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Record Payment' })).toBeNull();
});

it("records the order's payment and comes back to the order, not the payments list", async () => {
  order = { ...order, invoice_id: 55, invoice_number: 'I-20261207-B00004-00000055', invoice_balance: 4990 };
  const posted: unknown[] = [];
  server.use(
    http.get('*/api/invoices/:id', () =>
      HttpResponse.json(
        getGetInvoiceResponseMock({
          id: 55,
          branch_id: 4,
          total: 8990,
          amount_paid: 4000,
          balance: 4990,
          deleted_at: null,
        }),
      ),
    ),
    http.post('*/api/invoice-payments', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(getCreateInvoicePaymentResponseMock({ id: 61 }), { status: 201 });
    }),
  );
  const [orderApi, paymentApi] = await Promise.all([jobOrders.load(), invoicePayments.load()]);
  renderRoutes(
    [
      { path: '/job-orders/:id', element: <ViewScreen resource={jobOrders} api={orderApi} /> },
      {
        path: '/invoice-payments/create/:invoice_id?',
        element: <FormScreen resource={invoicePayments} api={paymentApi} mode="create" />,
      },
      { path: '/invoice-payments', element: <p>Invoice Payments</p> },
    ],
    '/job-orders/31',
  );
  fireEvent.click(await screen.findByRole('link', { name: 'Record Payment' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/invoice-payments/create/55'));
  await waitFor(() => expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('4990'));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/job-orders/31'));
  expect(posted).toEqual([expect.objectContaining({ invoice_id: 55, amount: 4990 })]);
});

it("opens a new order from the prescription at the optician's branch, fills the frame's A, B, DBL and ED and lands on the order", async () => {
  const api = await jobOrders.load();
  renderRoutes(
    [
      {
        path: '/job-orders/create/from-prescription/:prescription_id',
        element: <FormScreen resource={jobOrders} api={api} mode="create" prefillSegment="from-prescription" />,
      },
      { path: '/job-orders/:id', element: <p>The order's view</p> },
      { path: '/job-orders', element: <p>Job order list</p> },
    ],
    '/job-orders/create/from-prescription/7',
  );
  const patient = (await screen.findByRole('combobox', { name: 'Patient' })) as HTMLInputElement;
  expect(patient.value).toBe('Teodora Lim');
  await waitFor(() =>
    expect((document.querySelector('input[name="branch_id"]') as HTMLInputElement).value).toBe('Makati Branch'),
  );
  await waitFor(() => expect((screen.getByLabelText(/^Prescription/) as HTMLSelectElement).value).toBe('7'));

  fireEvent.change(screen.getByRole('combobox', { name: 'Role 1' }), { target: { value: 'frame' } });
  const item = screen.getByRole('combobox', { name: 'Item 1' });
  fireEvent.focus(item);
  fireEvent.change(item, { target: { value: 'Ray' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Ray-Ban Wayfarer/ }));
  await waitFor(() => expect((screen.getByLabelText(/Frame A/) as HTMLInputElement).value).toBe('50'));
  expect((screen.getByLabelText(/Frame B/) as HTMLInputElement).value).toBe('42');
  expect((screen.getByLabelText(/Frame DBL/) as HTMLInputElement).value).toBe('22');
  expect((screen.getByLabelText(/Frame ED/) as HTMLInputElement).value).toBe('54');

  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity 1' }), { target: { value: '1' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit Price 1' }), { target: { value: '8990' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/job-orders/31'));
  expect(created).toEqual([
    expect.objectContaining({
      contact_id: 3,
      branch_id: 4,
      prescription_id: 7,
      frame_a: 50,
      frame_b: 42,
      frame_dbl: 22,
      frame_ed: 54,
    }),
  ]);
  const toast = (await screen.findByText('Job Order created successfully.')).closest('[role="status"], [role="alert"]');
  if (!(toast instanceof HTMLElement)) throw new Error('No toast.');
  expect(within(toast).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/job-orders/31');
  expect(within(toast).getByRole('link', { name: 'Create Invoice' }).getAttribute('href')).toBe(
    '/invoices/create/from-job-order/31?redirect_to=job-orders.view&id=31',
  );
});

it("shows the line's item options whole, floating over the page rather than cut by the lines table", async () => {
  const api = await jobOrders.load();
  renderRoutes(
    [{ path: '/job-orders/create', element: <FormScreen resource={jobOrders} api={api} mode="create" /> }],
    '/job-orders/create',
  );
  const item = await screen.findByRole('combobox', { name: 'Item 1' });
  const cell = item.closest('td');
  if (!cell) throw new Error('The item picker is not in the lines table.');
  // The picker's box sits low in a 1366 x 768 window, its table scrolled by its own scrollbar.
  const anchor = item.parentElement?.parentElement as HTMLElement;
  anchor.getBoundingClientRect = () => DOMRect.fromRect({ x: 320, y: 460, width: 180, height: 40 });
  fireEvent.focus(item);
  fireEvent.change(item, { target: { value: 'Ray' } });
  const option = await screen.findByRole('option', { name: /Ray-Ban Wayfarer/ });
  const list = option.closest('[role="listbox"]') as HTMLElement;
  expect(item.closest('table')?.contains(list)).toBe(false);
  expect(getComputedStyle(list).position).toBe('fixed');
  expect(list.style.top === '' ? getComputedStyle(list).top : list.style.top).toBe('504px');
  fireEvent.mouseDown(option);
  await waitFor(() => expect((item as HTMLInputElement).value).toContain('Ray-Ban Wayfarer'));
});

it('offers spectacle lenses, not contact lenses, on the lens line of a spectacles prescription', async () => {
  const lens = (id: number, name: string, type: string) =>
    getGetItemResponseMock({
      id,
      code: `L-${id}`,
      name,
      item_type_name: type,
      is_lot_tracked: false,
      deleted_at: null,
    });
  // The search answers newest first: the contact lenses came last into the catalogue.
  server.use(
    http.get('*/api/items/search', () =>
      HttpResponse.json([
        lens(41, 'Acuvue Oasys Contact', 'Contact Lens'),
        lens(40, 'Crizal Sapphire 1.56', 'Ophthalmic Lens'),
        lens(39, 'Biofinity Contact', 'Contact Lens'),
      ]),
    ),
  );
  const api = await jobOrders.load();
  renderRoutes(
    [
      {
        path: '/job-orders/create/from-prescription/:prescription_id',
        element: <FormScreen resource={jobOrders} api={api} mode="create" prefillSegment="from-prescription" />,
      },
    ],
    '/job-orders/create/from-prescription/7',
  );
  await waitFor(() => expect((screen.getByLabelText(/^Prescription/) as HTMLSelectElement).value).toBe('7'));
  fireEvent.change(screen.getByRole('combobox', { name: 'Role 1' }), { target: { value: 'lens_od' } });
  const item = screen.getByRole('combobox', { name: 'Item 1' });
  fireEvent.focus(item);
  fireEvent.change(item, { target: { value: 'L-' } });
  const offered = await screen.findByRole('option', { name: /Crizal Sapphire/ });
  const list = offered.closest('[role="listbox"]') as HTMLElement;
  expect(
    within(list)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([expect.stringContaining('Crizal Sapphire 1.56')]);
});
