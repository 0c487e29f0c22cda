// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { bills } from '../../../src/areas/purchasing/bills.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { businessDayIso } from '../../../src/format/date.ts';
import { nextDocumentNumber, nextReferenceNumber } from '../../../src/format/document-number.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

describe('next number formats (docs/domain/README.md, Numbering)', () => {
  it('builds a document number from the prefix, day, location and the count plus one', () => {
    expect(nextDocumentNumber('PO', '2026-03-07', { branchId: 12, warehouseId: null }, 41)).toBe(
      'PO-20260307-B00012-00000042',
    );
    expect(nextDocumentNumber('ST', '2026-03-07', { branchId: null, warehouseId: 3 }, 0)).toBe(
      'ST-20260307-W00003-00000001',
    );
  });

  it('builds a reference number from the contact id plus one, the day and the count plus one', () => {
    expect(nextReferenceNumber(7, '2026-03-07', 9)).toBe('RN-00000008-20260307-0010');
  });

  it("takes the day of the shop in Manila, not the browser's", () => {
    expect(businessDayIso(new Date('2026-03-06T17:30:00Z'))).toBe('2026-03-07');
  });
});

const counted: unknown[] = [];

beforeEach(() => {
  counted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/purchase-orders/:id', () =>
      HttpResponse.json(
        getGetPurchaseOrderResponseMock({ id: 9, contact_id: 7, branch_id: 4, warehouse_id: null, lines: [] }),
      ),
    ),
    http.post('*/api/documents/get-number-total-count', async ({ request }) => {
      counted.push(await request.json());
      return HttpResponse.json({ total: 41 });
    }),
  );
});

it('previews the number a new bill will probably get at its location', async () => {
  const api = await bills.load();
  renderRoutes(
    [{ path: '/bills/create/:purchase_order_id?', element: <FormScreen resource={bills} api={api} mode="create" /> }],
    '/bills/create/9',
  );
  const preview = await screen.findByLabelText('Number preview');
  expect(within(preview).getByText('Number preview')).toBeTruthy();
  expect(await within(preview).findByText(/^B-\d{8}-B00004-00000042$/)).toBeTruthy();
  expect(counted).toEqual([{ document_name: 'bill', branch_id: 4, warehouse_id: null }]);
});
