// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetBrandResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { formatTimestamp } from '../../../src/format/date.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// Brands have no definition file: theirs follows from the registry entry (src/app/definitions.ts).
const brands = resourceByKey('brands');

withMockServer();

let deletedAt: string | null = null;

beforeEach(() => {
  deletedAt = null;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/brands/:id', ({ params }) =>
      HttpResponse.json(
        getGetBrandResponseMock({ id: Number(params.id), name: 'Oakley', description: null, deleted_at: deletedAt }),
      ),
    ),
  );
});

async function renderBrand() {
  const api = await brands.load();
  renderRoutes(
    [
      { path: '/brands/:id', element: <ViewScreen resource={brands} api={api} /> },
      { path: '/brands', element: <p>Brand list</p> },
    ],
    '/brands/12',
  );
  await screen.findByRole('heading', { name: 'Brand Oakley' });
}

describe('the view screen', () => {
  it('offers Edit and Delete on an active record, and Restore and Delete Permanently on a deleted one', async () => {
    await renderBrand();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('asks in a dialog with the exact texts, then deletes, toasts and goes to the list', async () => {
    let deleted = 0;
    server.use(
      http.delete('*/api/brands/:id', () => {
        deleted += 1;
        return HttpResponse.json(getGetBrandResponseMock({ id: 12 }));
      }),
    );
    await renderBrand();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText("You're about to delete this.")).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to delete Brand Oakley?')).toBeTruthy();
    expect(deleted).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Brand deleted successfully.')).toBeTruthy();
    expect(deleted).toBe(1);
    await waitFor(() => expect(currentUrl().pathname).toBe('/brands'));
  });

  it('does not close the confirmation on Escape', async () => {
    await renderBrand();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('restores a deleted record with its own dialog text and toast', async () => {
    deletedAt = '2026-11-20T10:00:00Z';
    server.use(http.patch('*/api/brands/:id/restore', () => HttpResponse.json(getGetBrandResponseMock({ id: 12 }))));
    await renderBrand();
    // The view says when it was deleted.
    expect(screen.getByText(`Deleted ${formatTimestamp(deletedAt)}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to restore Brand Oakley?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Brand restored successfully.')).toBeTruthy();
  });

  it('shows a failed delete as an error toast and stays on the record', async () => {
    server.use(
      http.delete('*/api/brands/:id', () =>
        HttpResponse.json({ message: 'This brand is used by 3 items.' }, { status: 409 }),
      ),
    );
    await renderBrand();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This brand is used by 3 items.')).toBeTruthy();
    expect(currentUrl().pathname).toBe('/brands/12');
  });

  it('hides Delete without delete-brands', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-brands', 'update-brands'] });
    await renderBrand();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
