// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetCashSessionResponseMock } from '../../../generated/hooks/cash-sessions/cash-sessions.msw.ts';
import type { CashSession } from '../../../generated/model/index.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { cashSessions } from '../../../src/areas/cash/cash-sessions.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/cash.md, Cash sessions: the cashier records the cash paid out for a delivery, counts the drawer by face
// value and sees over/short change as they type, then closes.

withMockServer();

let movements: Record<string, unknown>[] = [];
let closes: Record<string, unknown>[] = [];

function session(): CashSession {
  return getGetCashSessionResponseMock({
    id: 7,
    user_id: mockUser.user.id,
    user_name: mockUser.user.name,
    branch_id: 1,
    branch_name: 'Makati Branch',
    business_date: '2026-11-26',
    status: closes.length > 0 ? 'closed' : 'open',
    deleted_at: null,
    opening_float: 2000,
    cash_received: 650,
    cash_refunded: 0,
    cash_in: 0,
    cash_out: movements.length > 0 ? 150 : 0,
    expected_cash: movements.length > 0 ? 2500 : 2650,
    counted_cash: closes.length > 0 ? 2350 : null,
    difference: closes.length > 0 ? -150 : null,
    counted: null,
    closed_at: null,
    totals_by_method: { cash: 650, card: 1200, e_wallet: 0, bank_transfer: 0, check: 0 },
    movements: [],
  });
}

beforeEach(() => {
  movements = [];
  closes = [];
  setSelectedBusinessId(3);
  storeUser({ ...mockUser.user, permission_names: ['view-cash-sessions', 'create-cash-sessions'] });
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({ businesses: [getGetBusinessResponseMock({ id: 3, name: 'Spectacle Optical' })] }),
    ),
    http.get('*/api/auth/user', () =>
      HttpResponse.json({
        user: { ...mockUser.user, permission_names: ['view-cash-sessions', 'create-cash-sessions'] },
      }),
    ),
    http.get('*/api/cash-sessions/:id/history', () => HttpResponse.json([])),
    http.get('*/api/cash-sessions/:id', () => HttpResponse.json(session())),
    http.post('*/api/cash-sessions/:id/movements', async ({ request }) => {
      movements.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(session(), { status: 201 });
    }),
    http.post('*/api/cash-sessions/:id/close', async ({ request }) => {
      closes.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(session());
    }),
  );
});

it('records a cash out, shows over/short live while counting, and closes with the count', async () => {
  const api = await cashSessions.load();
  renderRoutes(
    [{ path: '/cash-sessions/:id', element: <ViewScreen resource={cashSessions} api={api} /> }],
    '/cash-sessions/7',
  );
  const user = userEvent.setup();
  await user.type(await screen.findByRole('spinbutton', { name: 'Amount' }), '150');
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Delivery fee');
  await user.click(screen.getByRole('button', { name: 'Record' }));
  await waitFor(() => expect(movements).toEqual([{ kind: 'cash_out', amount: 150, reason: 'Delivery fee' }]));
  await waitFor(() => expect(screen.getAllByText('₱2,500').length).toBeGreaterThan(0));
  await user.type(screen.getByRole('spinbutton', { name: '₱1,000' }), '2');
  expect(screen.getByTestId('over-short').textContent).toBe('₱500.00 short');
  await user.type(screen.getByRole('spinbutton', { name: '₱100' }), '3');
  await user.type(screen.getByRole('spinbutton', { name: '₱50' }), '1');
  expect(screen.getByTestId('over-short').textContent).toBe('₱150.00 short');
  await user.type(screen.getByRole('spinbutton', { name: '25¢' }), '4');
  expect(screen.getByTestId('over-short').textContent).toBe('₱149.00 short');
  await user.click(screen.getByRole('button', { name: 'Close Session' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(closes).toHaveLength(1));
  expect(closes[0]).toEqual({
    counted: { '1000': 2, '500': 0, '200': 0, '100': 3, '50': 1, '20': 0, '10': 0, '5': 0, '1': 0, '0.25': 4 },
  });
});
