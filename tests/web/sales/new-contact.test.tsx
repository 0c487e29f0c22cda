// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactTypeResponseMock } from '../../../generated/hooks/contact-types/contact-types.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/screens.md, After saving: a contact picker offers "New customer…", which makes the customer in a
// dialog over the invoice (keeping what was typed in it) and picks it.

withMockServer();

let created: Record<string, unknown>[] = [];

beforeEach(() => {
  created = [];
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/contacts/search', () =>
      HttpResponse.json([getGetContactResponseMock({ id: 3, name: 'Juan dela Cruz' })]),
    ),
    http.get('*/api/contact-types', () =>
      HttpResponse.json({
        data: [
          getGetContactTypeResponseMock({ id: 8, name: 'Customer Group' }),
          getGetContactTypeResponseMock({ id: 4, name: 'Customer' }),
        ],
        meta: { current_page: 1, per_page: 100, total: 2, last_page: 1, from: 1, to: 2 },
      }),
    ),
    http.post('*/api/contacts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      created.push(body);
      if (body.email === 'not-an-email') {
        return HttpResponse.json(
          { message: 'The email must be an email address.', errors: { email: ['Enter an email address.'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json(getGetContactResponseMock({ id: 41, name: String(body.name) }), { status: 201 });
    }),
  );
});

async function renderInvoiceForm() {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  return screen.findByRole('combobox', { name: 'Customer' });
}

it('makes a new customer from the picker and picks it, keeping what was typed on the invoice', async () => {
  const user = userEvent.setup();
  const picker = await renderInvoiceForm();
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Walk-in, pays on pickup');

  await user.click(picker);
  await user.type(picker, 'Maria Santos');
  const list = document.getElementById(picker.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('The picker has no list.');
  fireEvent.mouseDown(await within(list).findByRole('option', { name: 'New customer…' }));

  const dialog = await screen.findByRole('dialog', { name: 'New customer' });
  const name = within(dialog).getByRole('textbox', { name: 'Name' });
  expect((name as HTMLInputElement).value).toBe('Maria Santos');
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
  await user.click(within(dialog).getByRole('button', { name: 'Save customer' }));
  expect(await within(dialog).findByText('Enter an email address.')).toBeTruthy();

  await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '0917 555 0101');
  await user.click(within(dialog).getByRole('button', { name: 'Save customer' }));

  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New customer' })).toBeNull());
  expect(created.at(-1)).toEqual({ contact_type_id: 4, name: 'Maria Santos', phone: '0917 555 0101', email: null });
  expect((picker as HTMLInputElement).value).toBe('Maria Santos');
  // The keyboard is back on the picker, which shows the new customer rather than a new search.
  expect(document.activeElement).toBe(picker);
  expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Walk-in, pays on pickup');
  // The invoice itself was not saved by the dialog's Save.
  expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
});

it('offers no New customer… to a user who may not add contacts', async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-invoices', 'create-invoices', 'view-contacts'] });
  const user = userEvent.setup();
  const picker = await renderInvoiceForm();
  await user.click(picker);
  const list = document.getElementById(picker.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('The picker has no list.');
  expect(await within(list).findByRole('option', { name: 'Juan dela Cruz' })).toBeTruthy();
  expect(within(list).queryByRole('option', { name: 'New customer…' })).toBeNull();
});
