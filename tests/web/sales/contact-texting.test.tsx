// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getListMessagesResponseMock } from '../../../generated/hooks/messages/messages.msw.ts';
import { contacts } from '../../../src/areas/management/contacts.ts';
import { messages } from '../../../src/areas/management/messages.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/management.md, Texts to customers: the contact form records the mobile and the customer's consents,
// and the Messages list says when texts cannot go out.

withMockServer();

const patched: unknown[] = [];

beforeEach(() => {
  patched.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/contacts/:id', () =>
      HttpResponse.json(
        getGetContactResponseMock({
          id: 7,
          contact_type_id: 4,
          contact_type_name: 'Customer',
          name: 'Ana Cruz',
          company_name: null,
          email: null,
          phone: null,
          address: null,
          tin: null,
          notes: null,
          deleted_at: null,
          mobile: '+639171234567',
          consents: {
            transactional: { given: true, at: '2026-11-02T01:00:00.000Z', how: 'form', by: 1 },
            reminders: { given: false, at: null, how: null, by: null },
          },
        }),
      ),
    ),
    http.patch('*/api/contacts/:id', async ({ request }) => {
      patched.push(await request.json());
      return HttpResponse.json(getGetContactResponseMock({ id: 7 }));
    }),
  );
});

it('shows the mobile and consents on the contact form and sends them as the server takes them', async () => {
  const api = await contacts.load();
  renderRoutes(
    [
      { path: '/contacts/:id/edit', element: <FormScreen resource={contacts} api={api} mode="edit" /> },
      { path: '/contacts/:id', element: <p>Contact view</p> },
    ],
    '/contacts/7/edit',
  );
  const mobile = await screen.findByLabelText(/^Mobile/);
  await waitFor(() => expect((mobile as HTMLInputElement).value).toBe('+639171234567'));
  expect((screen.getByLabelText(/Agrees to order texts/) as HTMLInputElement).checked).toBe(true);
  const reminders = screen.getByLabelText(/Agrees to pickup reminders/) as HTMLInputElement;
  expect(reminders.checked).toBe(false);
  await userEvent.setup().click(screen.getByRole('checkbox', { name: /Agrees to pickup reminders/ }));
  await waitFor(() => expect(reminders.checked).toBe(true));
  fireEvent.change(screen.getByLabelText(/How the customer said so/), { target: { value: 'verbal' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(patched).toHaveLength(1));
  expect(patched[0]).toMatchObject({
    mobile: '+639171234567',
    consents: { transactional: { given: true, how: 'verbal' }, reminders: { given: true, how: 'verbal' } },
  });
  expect(patched[0]).not.toHaveProperty('reminders_consent');
});

it('says on the Messages list that texts stay queued while no gateway is configured', async () => {
  server.use(
    http.get('*/api/messages/gateway', () => HttpResponse.json({ configured: false, sender_name: null })),
    http.get('*/api/messages', () => HttpResponse.json(getListMessagesResponseMock())),
  );
  const api = await messages.load();
  renderRoutes([{ path: '/messages', element: <ListScreen resource={messages} api={api} /> }], '/messages');
  expect(await screen.findByText('No SMS gateway is configured: texts stay queued.')).toBeTruthy();
});
