import { faker } from '@faker-js/faker';
import { HttpResponse, http } from 'msw';
import * as generated from '../../generated/hooks/index.msw.ts';
import type { AuthUserResponse, Business } from '../../generated/model/index.ts';
import { fullAccessPermission } from '../auth/gate.ts';
import { type MockFactory, type MockRecord, mockFactories } from './factories.ts';
import { humanize } from './humanize.ts';

// Where faker data cannot stand in for a server: who is signed in, which businesses exist, and page metadata that
// matches the page asked for. Everything else is the generated handlers.
const signedInKey = 'mock_signed_in';
export const mockPassword = 'spectacle-demo';
const mockTotal = 137;

export const mockUser: AuthUserResponse = {
  user: {
    id: 1,
    name: 'Ana Reyes',
    email: 'admin@spectacle.test',
    userable_from: 'Makati Branch',
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

export const mockOverrides = [
  http.get('*/api/csrf-cookie', () => new HttpResponse(null, { status: 204 })),
  http.post('*/login', async ({ request }) => {
    const body: unknown = await request.json();
    const password = typeof body === 'object' && body !== null && 'password' in body ? body.password : null;
    if (password !== mockPassword) {
      return HttpResponse.json(
        {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        },
        { status: 422 },
      );
    }
    localStorage.setItem(signedInKey, '1');
    return HttpResponse.json(mockUser);
  }),
  http.post('*/logout', () => {
    localStorage.removeItem(signedInKey);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/auth/user', () =>
    localStorage.getItem(signedInKey) === '1'
      ? HttpResponse.json(mockUser)
      : HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
  ),
  http.get('*/api/businesses/get-all-businesses', () => HttpResponse.json({ businesses: mockBusinesses })),
  http.get('*/api/businesses/retrieve-all-businesses', () => HttpResponse.json({ businesses: mockBusinesses })),
  ...resourceHandlers,
];

export const generatedHandlers = Object.values(generated).flatMap((group) => group());
