// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListBrandsResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// Brands have no definition file: theirs follows from the registry entry (src/app/definitions.ts).
const brands = resourceByKey('brands');

withMockServer();

const deleted: string[] = [];
const brand = (id: number, name: string) =>
  ({
    ...getListBrandsResponseMock().data[0],
    id,
    name,
    description: null,
    deleted_at: null,
  }) as ReturnType<typeof getListBrandsResponseMock>['data'][number];

beforeEach(() => {
  deleted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/brands', () =>
      HttpResponse.json(
        getListBrandsResponseMock({
          data: [brand(7, 'Ray-Ban'), brand(8, 'Oakley'), brand(9, 'Hoya')],
          meta: { current_page: 1, last_page: 1, per_page: 15, total: 3 },
        }),
      ),
    ),
    http.delete('*/api/brands/:id', ({ params }) => {
      deleted.push(String(params.id));
      if (params.id === '9') return HttpResponse.json({ message: 'Hoya is still used by 4 items.' }, { status: 409 });
      return HttpResponse.json(brand(Number(params.id), 'x'));
    }),
  );
});

async function renderBrands() {
  const api = await brands.load();
  renderRoutes([{ path: '/brands', element: <ListScreen resource={brands} api={api} /> }], '/brands');
  await screen.findByText('Ray-Ban');
}

describe('bulk actions on a list', () => {
  it('ticks every row of the page, asks once with the confirmation texts, deletes each and says so in one toast', async () => {
    await renderBrands();
    fireEvent.click(screen.getByLabelText('Select every row of this page'));
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected rows' });
    expect(within(toolbar).getByText('3 selected')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText("You're about to delete this.")).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to delete 3 Brands?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleted).toEqual(['7', '8', '9']));
    expect(await screen.findByText('2 Brands deleted; 1 could not be: Hoya is still used by 4 items.')).toBeTruthy();
  });

  it('acts on the rows ticked one by one', async () => {
    await renderBrands();
    fireEvent.click(screen.getByLabelText('Select Oakley'));
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected rows' });
    expect(within(toolbar).getByText('1 selected')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete 1 Brand?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 Brand deleted successfully.')).toBeTruthy();
    expect(deleted).toEqual(['8']);
  });
});
