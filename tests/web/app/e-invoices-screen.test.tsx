// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListEInvoicesResponseMock } from '../../../generated/hooks/e-invoices/e-invoices.msw.ts';
import type { EInvoice } from '../../../generated/model/index.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// The E-Invoices screen (docs/domain/management.md, E-invoices): unconfigured it says so; a rejected e-invoice shows
// its payload and answer, and Retry queues it again.
const eInvoices = resourceByKey('e-invoices');

withMockServer();

const rejected = {
  ...(getListEInvoicesResponseMock().data[0] as EInvoice),
  id: 5,
  document_type: 'invoice',
  document_number: 'I-20261205-B00001-00000012',
  status: 'rejected',
  late: false,
  deleted_at: null,
  last_error: 'E1012 Buyer TIN not registered.',
  payload: { CompInvoiceId: 'I-20261205-B00001-00000012', VATAmt: 120 },
  answer: { Status: 'REJECTED', ErrorCode: 'E1012' },
} as EInvoice;

let retried = 0;

beforeEach(() => {
  retried = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/e-invoices/transmission', () => HttpResponse.json({ configured: false })),
    http.get('*/api/e-invoices', () =>
      HttpResponse.json(
        getListEInvoicesResponseMock({
          data: [rejected],
          meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 },
        }),
      ),
    ),
    http.get('*/api/e-invoices/5', () => HttpResponse.json(rejected)),
    http.post('*/api/e-invoices/5/retry', () => {
      retried += 1;
      return HttpResponse.json({ ...rejected, status: 'pending' });
    }),
  );
});

describe('the E-Invoices screen', () => {
  it('says EIS is not configured above the outbox', async () => {
    const api = await eInvoices.load();
    renderRoutes([{ path: '/e-invoices', element: <ListScreen resource={eInvoices} api={api} /> }], '/e-invoices');
    await screen.findByText('I-20261205-B00001-00000012');
    expect(await screen.findByText(/EIS is not configured/)).toBeTruthy();
  });

  it('shows a rejected e-invoice’s payload and answer, and retries it', async () => {
    const api = await eInvoices.load();
    renderRoutes(
      [{ path: '/e-invoices/:id', element: <ViewScreen resource={eInvoices} api={api} /> }],
      '/e-invoices/5',
    );
    expect((await screen.findByLabelText('Payload')).textContent).toContain('"VATAmt": 120');
    expect(screen.getByLabelText('Answer').textContent).toContain('E1012');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retried).toBe(1));
  });
});
