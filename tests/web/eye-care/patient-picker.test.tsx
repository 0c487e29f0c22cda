// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactTypeResponseMock } from '../../../generated/hooks/contact-types/contact-types.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { jobOrders } from '../../../src/areas/eye-care/job-orders.ts';
import { prescriptions } from '../../../src/areas/eye-care/prescriptions.ts';
import { contacts } from '../../../src/areas/management/contacts.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/eye-care.md: a patient is a customer. The Patient pickers offer customers only, each with their phone so
// that namesakes differ, and "New customer…", which warns of a likely second record of the same person.

withMockServer();

const searches: URLSearchParams[] = [];
const posted: Record<string, unknown>[] = [];

beforeEach(() => {
  searches.length = 0;
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/contacts/search', ({ request }) => {
      searches.push(new URL(request.url).searchParams);
      return HttpResponse.json([
        getGetContactResponseMock({ id: 3, name: 'Teodora Lim', mobile: '+639175550101', deleted_at: null }),
      ]);
    }),
    http.get('*/api/contact-types', () =>
      HttpResponse.json({
        data: [getGetContactTypeResponseMock({ id: 4, name: 'Customer' })],
        meta: { current_page: 1, per_page: 100, total: 1, last_page: 1, from: 1, to: 1 },
      }),
    ),
    http.post('*/api/contacts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (!body.allow_duplicate) {
        return HttpResponse.json(
          {
            message:
              'Teodora Lim with the same phone number is already a contact. If this is another person, save anyway.',
          },
          { status: 409 },
        );
      }
      return HttpResponse.json(getGetContactResponseMock({ id: 42, name: String(body.name) }), { status: 201 });
    }),
  );
});

async function openPicker(resource: ResourceDefinition) {
  const api = await resource.load();
  renderRoutes(
    [{ path: `/${resource.key}/create`, element: <FormScreen resource={resource} api={api} mode="create" /> }],
    `/${resource.key}/create`,
  );
  const picker = await screen.findByRole('combobox', { name: 'Patient' });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'Teodora' } });
  const list = document.getElementById(picker.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('The picker has no list.');
  return { picker: picker as HTMLInputElement, list };
}

for (const resource of [prescriptions, jobOrders]) {
  it(`offers customers only on the ${resource.singular}, with their phone and New customer…`, async () => {
    const { list } = await openPicker(resource);
    expect(await within(list).findByRole('option', { name: 'Teodora Lim · +639175550101' })).toBeTruthy();
    expect(within(list).getByRole('option', { name: 'New customer…' })).toBeTruthy();
    expect(searches.at(-1)?.get('role')).toBe('customer');
  });
}

it('warns of a likely second record of the patient and saves it only when told it is another person', async () => {
  const user = userEvent.setup();
  const { picker, list } = await openPicker(prescriptions);
  fireEvent.mouseDown(await within(list).findByRole('option', { name: 'New customer…' }));
  const dialog = await screen.findByRole('dialog', { name: 'New customer' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '0917 555 0101');
  await user.click(within(dialog).getByRole('button', { name: 'Save customer' }));

  expect(
    await within(dialog).findByText(
      'Teodora Lim with the same phone number is already a contact. If this is another person, save anyway.',
    ),
  ).toBeTruthy();
  // Nothing was made: the dialog waits for the user's word.
  expect(screen.getByRole('dialog', { name: 'New customer' })).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));

  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New customer' })).toBeNull());
  expect(posted).toEqual([
    expect.not.objectContaining({ allow_duplicate: true }),
    expect.objectContaining({ name: 'Teodora', phone: '0917 555 0101', allow_duplicate: true }),
  ]);
  expect(picker.value).toBe('Teodora');
});

it('warns on the Contacts form too, and saves there on Save anyway', async () => {
  server.use(
    http.get('*/api/contact-types/search', () =>
      HttpResponse.json([getGetContactTypeResponseMock({ id: 4, name: 'Customer', deleted_at: null })]),
    ),
  );
  const api = await contacts.load();
  renderRoutes(
    [
      { path: '/contacts/create', element: <FormScreen resource={contacts} api={api} mode="create" /> },
      { path: '/contacts', element: <p>Contact list</p> },
      { path: '/contacts/:id', element: <p>Contact view</p> },
    ],
    '/contacts/create',
  );
  const type = await screen.findByRole('combobox', { name: 'Contact Type' });
  fireEvent.focus(type);
  fireEvent.change(type, { target: { value: 'Cus' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Customer' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Teodora Lim' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '0917 555 0101' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(
    await screen.findByText(
      'Teodora Lim with the same phone number is already a contact. If this is another person, save anyway.',
    ),
  ).toBeTruthy();
  expect(currentUrl().pathname).toBe('/contacts/create');
  fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
  await waitFor(() => expect(currentUrl().pathname).not.toBe('/contacts/create'));
  expect(posted).toEqual([
    expect.not.objectContaining({ allow_duplicate: true }),
    expect.objectContaining({ name: 'Teodora Lim', phone: '0917 555 0101', allow_duplicate: true }),
  ]);
});
