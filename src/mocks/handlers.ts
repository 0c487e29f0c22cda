import { faker } from '@faker-js/faker';
import { HttpResponse, http } from 'msw';
import * as generated from '../../generated/hooks/index.msw.ts';
import type { AuthUserResponse, Business, DashboardOverview } from '../../generated/model/index.ts';
import { fullAccessPermission } from '../auth/gate.ts';
import { type MockFactory, type MockRecord, mockFactories } from './factories.ts';
import { humanize } from './humanize.ts';

// Where faker data cannot stand in for a server: who is signed in, which businesses exist, and page metadata that
// matches the page asked for. Everything else is the generated handlers.
const signedInKey = 'mock_signed_in';
export const mockPassword = 'spectacle-demo';
// Set to '1' to try the forced password change of a user whose password was reset.
export const mockMustChangePasswordKey = 'mock_must_change_password';
// The password chosen on the change-password screen, so that signing in again asks for the new one.
const changedPasswordKey = 'mock_password';
const mockTotal = 137;

export const mockUser: AuthUserResponse = {
  user: {
    id: 1,
    name: 'Ana Reyes',
    email: 'admin@spectacle.test',
    userable_from: 'Makati Branch',
    userable_type: 'branch',
    userable_id: 1,
    role_names: ['Administrator'],
    permission_names: [fullAccessPermission],
    must_change_password: false,
  },
};

export const mockBusinesses: Business[] = [1, 2].map((id) => ({
  id,
  name: id === 1 ? 'Spectacle Optical Makati' : 'Spectacle Optical Cebu',
  trade_name: 'Spectacle Optical',
  tin: '009-876-543-000',
  address: id === 1 ? 'Ayala Avenue, Makati City' : 'Osmeña Boulevard, Cebu City',
  phone: '(02) 8123 4567',
  email: 'hello@spectacle.test',
  registered_name: id === 1 ? 'Spectacle Optical Makati, Inc.' : 'Spectacle Optical Cebu, Inc.',
  is_vat_registered: true,
  invoice_footer: null,
  require_cash_session: false,
  books_closed_through: null,
  ready_text_delay_minutes: 10,
  software_accreditation: null,
  job_invoicing: 'at_release',
  pickup_forfeit_days: 90,
  philhealth_accredited: false,
  remake_discount_percent: 50,
  created_at: '2026-01-05T08:00:00Z',
  updated_at: '2026-01-05T08:00:00Z',
  deleted_at: null,
  created_by: null,
  updated_by: null,
}));

function seedFrom(text: string): number {
  return [...text].reduce((hash, character) => (hash * 31 + character.charCodeAt(0)) >>> 0, 7);
}

function pageOf(prefix: string, factory: MockFactory, url: URL) {
  const perPage = Number(url.searchParams.get('per_page') ?? 15);
  const lastPage = Math.max(1, Math.ceil(mockTotal / perPage));
  const page = Math.min(Math.max(1, Number(url.searchParams.get('page') ?? 1)), lastPage);
  const newestFirst = url.searchParams.get('order_by') !== 'asc';
  const onlyTrashed = url.searchParams.get('only_trashed') === '1';
  const withTrashed = url.searchParams.get('with_trashed') === '1';
  faker.seed(seedFrom(`${prefix}:${page}:${perPage}:${url.searchParams.get('search') ?? ''}`));
  const count = Math.min(perPage, mockTotal - (page - 1) * perPage);
  const data: MockRecord[] = [];
  while (data.length < count) data.push(...factory.list().data);
  return {
    data: data.slice(0, count).map((record, index) => {
      const position = (page - 1) * perPage + index;
      const trashed = onlyTrashed || (withTrashed && position % 5 === 4);
      return humanize({
        ...record,
        id: newestFirst ? mockTotal - position : position + 1,
        deleted_at: trashed ? '2026-11-20T09:30:00Z' : null,
      });
    }),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: mockTotal },
    links: { prev: page > 1 ? `?page=${page - 1}` : null, next: page < lastPage ? `?page=${page + 1}` : null },
  };
}

const resourceHandlers = Object.entries(mockFactories).flatMap(([prefix, factory]) => [
  http.get(`*/api/${prefix}`, ({ request }) => HttpResponse.json(pageOf(prefix, factory, new URL(request.url)))),
  http.get(`*/api/${prefix}/:id`, ({ params }) => {
    const id = Number(params.id);
    // Not a record id (search, movements, get-all-businesses ...): leave it to the generated handlers.
    if (!Number.isInteger(id)) return undefined;
    faker.seed(seedFrom(`${prefix}:${id}`));
    return HttpResponse.json(humanize({ ...factory.get(), id, deleted_at: null }));
  }),
]);

// The last 30 days up to the product's "today", so that the charts read like a month of trading.
export function dashboardOverview(): DashboardOverview {
  faker.seed(2026);
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 23 + index));
    return day.toISOString().slice(0, 10);
  });
  const amount = (min: number, max: number) => faker.number.int({ min, max }) * 10;
  const locations = ['Makati Branch', 'Cebu Branch', 'Pasig Warehouse'];
  const items = ['Ray-Ban Aviator Classic', 'Acuvue Oasys 2-Week', 'Essilor Varilux Comfort', 'Eye Examination'];
  return {
    sales_by_day: days.map((date) => ({ date, total: amount(2_000, 9_000) })),
    purchases_by_day: days.map((date) => ({ date, total: faker.datatype.boolean() ? amount(3_000, 15_000) : 0 })),
    receivables: 184_350.5,
    payables: 96_420,
    adjusted_this_month: -3_250,
    adjusted_gains_this_month: 1_200,
    adjusted_losses_this_month: 4_450,
    stock_value_by_location: locations.map((location_name, index) => ({
      branch_id: index < 2 ? index + 1 : null,
      warehouse_id: index === 2 ? 1 : null,
      location_name,
      value: amount(40_000, 160_000),
    })),
    low_stock_items: items.slice(0, 2).map((item_name, index) => ({
      item_id: index + 1,
      item_code: `SKU-00${index + 1}`,
      item_name,
      branch_id: 1,
      warehouse_id: null,
      location_name: 'Makati Branch',
      quantity_on_hand: 2 + index,
      reorder_level: 5,
    })),
    top_items: items.map((item_name, index) => ({
      item_id: index + 1,
      item_code: `SKU-00${index + 1}`,
      item_name,
      quantity: 40 - index * 7,
      total: amount(20_000, 90_000),
    })),
    job_orders_due: [
      {
        id: 1,
        number: 'JO-20261121-B00001-00000007',
        contact_name: 'Maria Santos',
        branch_name: 'Makati Branch',
        promised_date: days[days.length - 3] ?? '2026-11-19',
        status: 'in_lab',
        late: true,
      },
      {
        id: 2,
        number: 'JO-20261121-B00001-00000009',
        contact_name: 'Jose Reyes',
        branch_name: 'Makati Branch',
        promised_date: days[days.length - 1] ?? '2026-11-21',
        status: 'ready',
        late: false,
      },
    ],
    job_orders_ready: [
      {
        id: 2,
        number: 'JO-20261121-B00001-00000009',
        contact_name: 'Jose Reyes',
        branch_name: 'Makati Branch',
        ready_at: '2026-11-18T06:00:00.000Z',
        days_waiting: 3,
        deposit_balance: 2_500,
        forfeitable: false,
      },
    ],
    expiring_lots: [
      { lot: 'B2405117', expires_on: days[days.length - 4] ?? '2026-11-18', quantity: 2 },
      { lot: 'B2409342', expires_on: '2027-01-31', quantity: 6 },
    ].map(({ lot, expires_on, quantity }, index) => ({
      id: index + 1,
      created_at: '2026-10-01T02:00:00.000Z',
      updated_at: '2026-11-20T02:00:00.000Z',
      deleted_at: null,
      created_by: 1,
      updated_by: 1,
      business_id: 1,
      stock_id: index + 1,
      item_id: 2,
      branch_id: 1,
      warehouse_id: null,
      lot_number: lot,
      expires_on,
      quantity_on_hand: quantity,
      quantity_in_transit: 0,
      item_code: 'SKU-002',
      item_name: 'Acuvue Oasys 2-Week',
      location_name: 'Makati Branch',
    })),
  };
}

function currentMockPassword(): string {
  return localStorage.getItem(changedPasswordKey) ?? mockPassword;
}

function signedInUser(): AuthUserResponse {
  return { user: { ...mockUser.user, must_change_password: localStorage.getItem(mockMustChangePasswordKey) === '1' } };
}

function stringField(body: unknown, field: string): string | null {
  if (typeof body !== 'object' || body === null || !(field in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

function fieldError(field: string, message: string) {
  return HttpResponse.json({ message, errors: { [field]: [message] } }, { status: 422 });
}

export const mockOverrides = [
  http.get('*/api/dashboard/overview', () => HttpResponse.json(dashboardOverview())),
  http.get('*/api/csrf-cookie', () => new HttpResponse(null, { status: 204 })),
  http.post('*/login', async ({ request }) => {
    const password = stringField(await request.json(), 'password');
    if (password !== currentMockPassword()) {
      return HttpResponse.json(
        {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        },
        { status: 422 },
      );
    }
    localStorage.setItem(signedInKey, '1');
    return HttpResponse.json(signedInUser());
  }),
  http.post('*/api/auth/password', async ({ request }) => {
    if (localStorage.getItem(signedInKey) !== '1') {
      return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
    }
    const body: unknown = await request.json();
    const current = stringField(body, 'current_password');
    const password = stringField(body, 'password') ?? '';
    if (current !== currentMockPassword()) return fieldError('current_password', 'The current password is incorrect.');
    if (password.length < 8) return fieldError('password', 'The password field must be at least 8 characters.');
    if (password === current) {
      return fieldError('password', 'The new password must be different from the current password.');
    }
    localStorage.setItem(changedPasswordKey, password);
    localStorage.removeItem(mockMustChangePasswordKey);
    return HttpResponse.json(signedInUser());
  }),
  http.post('*/logout', () => {
    localStorage.removeItem(signedInKey);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/auth/user', () =>
    localStorage.getItem(signedInKey) === '1'
      ? HttpResponse.json(signedInUser())
      : HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
  ),
  http.get('*/api/businesses/get-all-businesses', () => HttpResponse.json({ businesses: mockBusinesses })),
  http.get('*/api/businesses/retrieve-all-businesses', () => HttpResponse.json({ businesses: mockBusinesses })),
  ...resourceHandlers,
];

export const generatedHandlers = Object.values(generated).flatMap((group) => group());
