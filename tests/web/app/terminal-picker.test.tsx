// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetJobOrderResponseMock } from '../../../generated/hooks/job-orders/job-orders.msw.ts';
import { getListTerminalsResponseMock } from '../../../generated/hooks/terminals/terminals.msw.ts';
import { acknowledgmentReceipts } from '../../../src/areas/sales/acknowledgment-receipts.ts';
import { creditMemos } from '../../../src/areas/sales/credit-memos.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/cash.md, Terminals: a sales paper's form asks for the terminal only where its branch has more than one
// active terminal, and previews the number in the series the server says the paper will take.

withMockServer();

const terminal = (id: number, active: boolean) => {
  const [row] = getListTerminalsResponseMock().data;
  if (!row) throw new Error('The mock made no terminal.');
  return { ...row, id, branch_id: 4, name: `Counter ${id}`, active, deleted_at: null };
};

let atBranch: ReturnType<typeof terminal>[] = [];
const listed: string[] = [];
const counted: unknown[] = [];

beforeEach(() => {
  listed.length = 0;
  counted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/invoices/:id', () =>
      HttpResponse.json(
        getGetInvoiceResponseMock({ id: 12, branch_id: 4, contact_id: 3, deleted_at: null, lines: [] }),
      ),
    ),
    http.get('*/api/job-orders/:id', () =>
      HttpResponse.json(
        getGetJobOrderResponseMock({
          id: 8,
          branch_id: 4,
          branch_name: 'Makati',
          contact_id: 3,
          total: 4000,
          acknowledgment_receipts: [],
        }),
      ),
    ),
    http.get('*/api/terminals', ({ request }) => {
      listed.push(new URL(request.url).searchParams.get('branch_id') ?? '');
      return HttpResponse.json(getListTerminalsResponseMock({ data: atBranch }));
    }),
    http.post('*/api/documents/get-number-total-count', async ({ request }) => {
      const body = (await request.json()) as { terminal_id?: number };
      counted.push(body);
      // The user's open cash session stands at the branch's second terminal, whose series the paper will take.
      return HttpResponse.json(
        body.terminal_id === 3 ? { total: 9, series: 'B00004' } : { total: 4, series: 'T00007' },
      );
    }),
    http.post('*/api/documents/get-reference-number-total-count', () => HttpResponse.json({ total: 0 })),
  );
});

async function renderMemo() {
  const api = await creditMemos.load();
  renderRoutes(
    [
      {
        path: '/credit-memos/create/:invoice_id?',
        element: <FormScreen resource={creditMemos} api={api} mode="create" />,
      },
    ],
    '/credit-memos/create/12',
  );
}

describe("the credit memo form, at its invoice's branch", () => {
  it('asks for the terminal when the branch has two active terminals', async () => {
    atBranch = [terminal(3, true), terminal(7, true)];
    await renderMemo();
    expect(await screen.findByRole('combobox', { name: 'Terminal' })).toBeTruthy();
    expect(listed).toContain('4');
    const preview = await screen.findByLabelText('Number preview');
    expect(await within(preview).findByText(/^CM-\d{8}-T00007-00000005$/)).toBeTruthy();
  });

  it('leaves the terminal out when the branch has one active terminal and an inactive one', async () => {
    atBranch = [terminal(3, true), terminal(7, false)];
    await renderMemo();
    const preview = await screen.findByLabelText('Number preview');
    expect(await within(preview).findByText(/^CM-\d{8}-T00007-00000005$/)).toBeTruthy();
    expect(listed).toContain('4');
    expect(screen.queryByRole('combobox', { name: 'Terminal' })).toBeNull();
    expect(screen.queryByText('Terminal')).toBeNull();
  });
});

describe("the acknowledgment receipt form, at the form's branch", () => {
  it('asks for the terminal at a two-terminal branch and previews the series the server names', async () => {
    atBranch = [terminal(3, true), terminal(7, true)];
    counted.length = 0;
    const api = await acknowledgmentReceipts.load();
    renderRoutes(
      [
        {
          path: '/acknowledgment-receipts/create/from-job-order/:job_order_id',
          element: (
            <FormScreen resource={acknowledgmentReceipts} api={api} mode="create" prefillSegment="from-job-order" />
          ),
        },
      ],
      '/acknowledgment-receipts/create/from-job-order/8',
    );
    expect(await screen.findByRole('combobox', { name: 'Terminal' })).toBeTruthy();
    const preview = await screen.findByLabelText('Number preview');
    expect(await within(preview).findByText(/^AR-\d{8}-T00007-00000005$/)).toBeTruthy();
    expect(counted).toContainEqual({ document_name: 'acknowledgment-receipt', branch_id: 4, warehouse_id: null });
  });
});
