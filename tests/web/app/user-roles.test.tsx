// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { getGetUserResponseMock } from '../../../generated/hooks/users/users.msw.ts';
import { users } from '../../../src/areas/management/users.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// Issue 25, part 8: the user form assigns roles; an edit opens with the roles held ticked.
it("opens a user's form with the roles held ticked, and saves them with the user", async () => {
  storeUser(mockUser.user);
  const sent: unknown[] = [];
  const record = getGetUserResponseMock({
    id: 5,
    name: 'Nena Nuevo',
    email: 'nena@example.ph',
    userable_type: null,
    userable_id: null,
    business_ids: [1],
    role_ids: [2],
    deleted_at: null,
  });
  const saved = async ({ request }: { request: Request }) => {
    sent.push(await request.json());
    return HttpResponse.json(record);
  };
  server.use(
    http.get('*/api/users/:id', () => HttpResponse.json(record)),
    http.patch('*/api/users/:id', saved),
    http.put('*/api/users/:id', saved),
    http.get('*/api/roles/search', () =>
      HttpResponse.json([
        { ...record, id: 2, name: 'Cashier' },
        { ...record, id: 3, name: 'Warehouse Clerk' },
      ]),
    ),
  );
  const api = await users.load();
  renderRoutes(
    [
      { path: '/users/:id/edit', element: <FormScreen resource={users} api={api} mode="edit" /> },
      { path: '/users', element: <p>User list</p> },
    ],
    '/users/5/edit',
  );
  // The box beside a label (found by its text: the ids of a checkbox group are another part's business).
  const box = async (label: string) => {
    const text = await screen.findByText(label);
    const input = text.closest('label')?.querySelector('input');
    if (!(input instanceof HTMLInputElement)) throw new Error(`No checkbox for ${label}.`);
    return input;
  };
  const cashier = await box('Cashier');
  await waitFor(() => expect(cashier.checked).toBe(true));
  const clerk = await box('Warehouse Clerk');
  expect(clerk.checked).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  // Ticking another box is the checkbox group's own test (its ids); here the roles held go back as they came.
  expect(sent[0]).toMatchObject({ role_ids: [2], business_ids: [1] });
});
