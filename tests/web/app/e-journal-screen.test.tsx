// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getListTerminalsResponseMock } from '../../../generated/hooks/terminals/terminals.msw.ts';
import { sidebarModel } from '../../../src/app/sidebar-model.ts';
import { EJournalScreen } from '../../../src/areas/cash/e-journal-screen.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/cash.md, The e-journal: the kept prints, read only, beside the Z-readings, with their permission.

withMockServer();

const asked: URLSearchParams[] = [];

const entry = (id: number, number: string, terminalId: number, terminalName: string) => ({
  id,
  document_type: 'invoice' as const,
  document_id: id,
  number,
  event: 'posted' as const,
  entry_date: '2026-11-21',
  branch_id: 4,
  terminal_id: terminalId,
  terminal_name: terminalName,
  text: `SPECTACLE OPTICAL\nSALES INVOICE\nNo. ${number}`,
  created_at: '2026-11-21T02:00:00Z',
});

beforeEach(() => {
  asked.length = 0;
  act(() =>
    storeUser({
      id: 1,
      name: 'Supervisor',
      email: 'supervisor@spectacle.test',
      userable_from: null,
      userable_type: null,
      userable_id: null,
      role_names: ['Supervisor'],
      permission_names: ['view-z-readings', 'view-terminals'],
      must_change_password: false,
    }),
  );
  const [row] = getListTerminalsResponseMock().data;
  server.use(
    http.get('*/api/terminals', () =>
      HttpResponse.json(
        getListTerminalsResponseMock({
          data: row
            ? [
                { ...row, id: 3, name: 'Counter 1', branch_name: 'Makati', deleted_at: null },
                { ...row, id: 7, name: 'Counter 2', branch_name: 'Makati', deleted_at: null },
              ]
            : [],
        }),
      ),
    ),
    http.get('*/api/e-journal', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const entries = [
        entry(1, 'I-20261121-B00004-00000001', 3, 'Counter 1'),
        entry(2, 'I-20261121-T00007-00000001', 7, 'Counter 2'),
      ].filter((one) => !params.get('terminal_id') || String(one.terminal_id) === params.get('terminal_id'));
      return HttpResponse.json({ entries });
    }),
  );
});

it('sits under Sales beside the Z-readings, for a holder of view-z-readings', () => {
  const sales = sidebarModel(['view-z-readings']).find((group) => group.key === 'sales');
  expect(sales?.reports.map((report) => report.label)).toContain('E-Journal');
  expect(sidebarModel(['view-invoices']).find((group) => group.key === 'sales')?.reports ?? []).not.toContainEqual(
    expect.objectContaining({ label: 'E-Journal' }),
  );
});

it('lists the kept papers by terminal and date, shows a text on View, and narrows to one terminal', async () => {
  renderRoutes(
    [{ path: '/e-journal', element: <EJournalScreen /> }],
    '/e-journal?date_from=2026-11-01&date_to=2026-11-30',
  );
  const table = await screen.findByRole('table', { name: 'E-Journal' });
  expect(await within(table).findByText('I-20261121-T00007-00000001')).toBeTruthy();
  expect(within(table).getByText('Counter 2')).toBeTruthy();
  expect(asked[0]?.get('date_from')).toBe('2026-11-01');
  await userEvent.click(within(table).getByRole('button', { name: 'View I-20261121-B00004-00000001 posted' }));
  expect(screen.getByLabelText('Print of I-20261121-B00004-00000001').textContent).toContain('SALES INVOICE');
  await userEvent.selectOptions(await screen.findByLabelText('Terminal'), '7');
  await within(table).findByText(
    (_, element) => element?.textContent === 'I-20261121-T00007-00000001' && element.tagName === 'TD',
  );
  expect(asked.at(-1)?.get('terminal_id')).toBe('7');
  expect(within(table).queryByText('I-20261121-B00004-00000001')).toBeNull();
});
