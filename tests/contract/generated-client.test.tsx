// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  getCreateBrandMockHandler,
  getCreateBrandResponseMock,
  getListBrandsMockHandler,
  getListBrandsResponseMock,
} from '../../generated/hooks/brands/brands.msw.ts';
import { createBrand, useListBrands } from '../../generated/hooks/brands/brands.ts';
import { CreateBrandBody } from '../../generated/zod/brands/brands.zod.ts';
import { CreatePurchaseOrderBody } from '../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { setSelectedBusinessId } from '../../src/api/selected-business.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setSelectedBusinessId(null);
});
afterAll(() => server.close());

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

it('sends X-Requested-With and the selected business-id from a generated query hook', async () => {
  const seen: Headers[] = [];
  server.use(
    getListBrandsMockHandler(({ request }) => {
      seen.push(request.headers);
      return getListBrandsResponseMock({ meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 }, data: [] });
    }),
  );
  setSelectedBusinessId(42);

  const { result } = renderHook(() => useListBrands({ page: 1, per_page: 15 }), { wrapper });

  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(seen).toHaveLength(1);
  expect(seen[0]?.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(seen[0]?.get('business-id')).toBe('42');
  expect(result.current.data?.meta.total).toBe(0);
});

it('leaves business-id off until a business is selected', async () => {
  const seen: Headers[] = [];
  server.use(
    getListBrandsMockHandler(({ request }) => {
      seen.push(request.headers);
      return getListBrandsResponseMock();
    }),
  );

  const { result } = renderHook(() => useListBrands(), { wrapper });

  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(seen[0]?.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(seen[0]?.has('business-id')).toBe(false);
});

it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on a state-changing call', async () => {
  const seen: Headers[] = [];
  server.use(
    getCreateBrandMockHandler(({ request }) => {
      seen.push(request.headers);
      return getCreateBrandResponseMock({ name: 'Ray-Ban' });
    }),
  );
  // The server sets this cookie; the test plays the server's part.
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API to set it otherwise.
  document.cookie = 'XSRF-TOKEN=token-from-the-server';
  setSelectedBusinessId(7);

  const brand = await createBrand({ name: 'Ray-Ban', description: null });

  expect(brand.name).toBe('Ray-Ban');
  expect(seen[0]?.get('x-xsrf-token')).toBe('token-from-the-server');
  expect(seen[0]?.get('business-id')).toBe('7');
});

it('rejects a bad body with the generated zod schema, naming the field', () => {
  const missingName = CreateBrandBody.safeParse({ description: 'Italian frames' });
  expect(missingName.success).toBe(false);
  expect(missingName.error?.issues.map((issue) => issue.path.join('.'))).toContain('name');

  const unknownField = CreateBrandBody.safeParse({ name: 'Oakley', colour: 'black' });
  expect(unknownField.success).toBe(false);

  expect(CreateBrandBody.safeParse({ name: 'Oakley', description: null }).success).toBe(true);
});

it('rejects a document line with a zero quantity and names the line', () => {
  const result = CreatePurchaseOrderBody.safeParse({
    contact_id: 3,
    warehouse_id: 1,
    order_date: '2026-11-21',
    lines: [
      { item_id: 5, quantity: 2, unit_cost: 850 },
      { item_id: 6, quantity: 0, unit_cost: 120 },
    ],
  });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['lines.1.quantity']);
});
