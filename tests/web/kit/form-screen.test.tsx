// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCreateBrandResponseMock, getGetBrandResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// Brands have no definition file: theirs follows from the registry entry (src/app/definitions.ts).
const brands = resourceByKey('brands');

withMockServer();

const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.post('*/api/brands', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(getCreateBrandResponseMock({ id: 31 }), { status: 201 });
    }),
  );
});

async function renderForm(entry: string, mode: 'create' | 'edit' = 'create') {
  const api = await brands.load();
  renderRoutes(
    [
      { path: '/brands/create', element: <FormScreen resource={brands} api={api} mode="create" /> },
      { path: '/brands/:id/edit', element: <FormScreen resource={brands} api={api} mode="edit" /> },
      { path: '/brands', element: <p>Brand list</p> },
      { path: '/brands/:id', element: <p>Brand view</p> },
      { path: '/items/create/:id?', element: <p>Item create</p> },
    ],
    entry,
  );
  if (mode === 'create') await screen.findByLabelText(/Name/);
}

describe('the create and edit forms', () => {
  it('checks required fields with the generated schema before sending anything', async () => {
    await renderForm('/brands/create');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('creates, toasts and goes to the list', async () => {
    await renderForm('/brands/create');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Silhouette' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand created successfully.')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Silhouette', description: null }]);
    await waitFor(() => expect(currentUrl().pathname).toBe('/brands'));
  });

  it('stays on a cleared form when Return here is set', async () => {
    await renderForm('/brands/create');
    await userEvent.click(screen.getByText('Return here after saving'));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Hoya' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand created successfully.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe(''));
    expect(currentUrl().pathname).toBe('/brands/create');
  });

  it('follows redirect_to with the other query values passed along', async () => {
    await renderForm('/brands/create?redirect_to=items.create&id=5&from=brands');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Essilor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentUrl().pathname).toBe('/items/create/5'));
    expect(currentUrl().searchParams.get('from')).toBe('brands');
  });

  it("shows the server's 422 messages under their fields", async () => {
    server.use(
      http.post('*/api/brands', () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { name: ['The name has already been taken.'] } },
          { status: 422 },
        ),
      ),
    );
    await renderForm('/brands/create');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ray-Ban' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name has already been taken.')).toBeTruthy();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ray-Ban');
  });

  it('shows any other failure as an error toast', async () => {
    server.use(http.post('*/api/brands', () => HttpResponse.json({ message: 'Server error.' }, { status: 500 })));
    await renderForm('/brands/create');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ray-Ban' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server error.')).toBeTruthy();
  });

  it('edits the loaded record, then goes to its view', async () => {
    const patched: unknown[] = [];
    server.use(
      http.get('*/api/brands/:id', () =>
        HttpResponse.json(
          getGetBrandResponseMock({ id: 9, name: 'Oakley', description: 'Sport frames', deleted_at: null }),
        ),
      ),
      http.patch('*/api/brands/:id', async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json(getGetBrandResponseMock({ id: 9 }));
      }),
    );
    await renderForm('/brands/9/edit', 'edit');
    await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Oakley'));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Oakley Inc.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Brand updated successfully.')).toBeTruthy();
    expect(patched).toEqual([{ name: 'Oakley Inc.', description: 'Sport frames' }]);
    await waitFor(() => expect(currentUrl().pathname).toBe('/brands/9'));
  });

  it('sends a user without create permission back to the list', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-brands'] });
    const api = await brands.load();
    renderRoutes(
      [
        { path: '/brands/create', element: <FormScreen resource={brands} api={api} mode="create" /> },
        { path: '/brands', element: <p>Brand list</p> },
      ],
      '/brands/create',
    );
    expect(await screen.findByText('Brand list')).toBeTruthy();
  });
});
