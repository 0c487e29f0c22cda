// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetItemTypeResponseMock } from '../../../generated/hooks/item-types/item-types.msw.ts';
import { getGetItemResponseMock, getUpdateItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import type { OpticalKind } from '../../../generated/model/index.ts';
import { items } from '../../../src/areas/inventory/items.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const types: Record<number, { name: string; optical_kind: OpticalKind | null }> = {
  3: { name: 'Frame', optical_kind: 'frame' },
  4: { name: 'Ophthalmic Lens', optical_kind: 'ophthalmic_lens' },
};

const frame = getGetItemResponseMock({
  id: 5,
  code: 'RB-2140-901',
  name: 'Ray-Ban Original Wayfarer',
  deleted_at: null,
  item_type_id: 3,
  item_type_name: 'Frame',
  optical_kind: 'frame',
  frame_model: 'RB2140',
  frame_color: 'Black',
  eye_size: 50,
  bridge: 22,
  temple_length: 150,
  lens_design: null,
  variant_of_item_id: null,
  sphere: null,
  cylinder: null,
  add: null,
});

const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/items/:id', () => HttpResponse.json(frame)),
    http.get('*/api/item-types/search', () =>
      HttpResponse.json(
        Object.entries(types).map(([id, type]) =>
          getGetItemTypeResponseMock({ id: Number(id), ...type, deleted_at: null }),
        ),
      ),
    ),
    http.get('*/api/item-types/:id', ({ params }) =>
      HttpResponse.json(getGetItemTypeResponseMock({ id: Number(params.id), ...types[Number(params.id)] })),
    ),
    http.patch('*/api/items/:id', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(getUpdateItemResponseMock({ ...frame }));
    }),
  );
});

async function render(path: string) {
  const api = await items.load();
  renderRoutes(
    [
      { path: '/items/:id/edit', element: <FormScreen resource={items} api={api} mode="edit" /> },
      { path: '/items/:id', element: <ViewScreen resource={items} api={api} /> },
      { path: '/items', element: <p>Item list</p> },
    ],
    path,
  );
}

describe('the optical fields of an item', () => {
  it('shows a frame its sizes and colour on the form, and a lens type its lens fields instead', async () => {
    await render('/items/5/edit');
    expect(((await screen.findByLabelText('Frame Colour')) as HTMLInputElement).value).toBe('Black');
    expect((screen.getByLabelText('Eye Size (A), mm') as HTMLInputElement).value).toBe('50');
    expect(screen.queryByLabelText('Lens Design')).toBeNull();
    expect(screen.queryByLabelText('Sphere')).toBeNull();

    const picker = document.querySelector('input[name="item_type_id"]');
    if (!(picker instanceof HTMLInputElement)) throw new Error('No item type picker.');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Lens' } });
    const list = document.getElementById(picker.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('No item type suggestions.');
    fireEvent.mouseDown(await within(list).findByRole('option', { name: 'Ophthalmic Lens' }));
    expect(await screen.findByLabelText('Lens Design')).toBeTruthy();
    expect(screen.getByLabelText('Sphere')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Frame Colour')).toBeNull());
  });

  it('shows a frame’s attributes on its view and none of a lens’s', async () => {
    await render('/items/5');
    await screen.findByRole('heading', { name: 'Item Ray-Ban Original Wayfarer' });
    expect(screen.getByText('Frame Colour')).toBeTruthy();
    expect(screen.getByText('Black')).toBeTruthy();
    expect(screen.queryByText('Lens Design')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate Powers' })).toBeNull();
  });

  it('generates a lens family’s powers from its view, naming a bad range under its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/items/:id', () =>
        HttpResponse.json({
          ...frame,
          id: 40,
          code: 'HOYA-150-SV',
          name: 'Hoya Hilux 1.50 SV',
          item_type_id: 4,
          optical_kind: 'ophthalmic_lens',
        }),
      ),
      http.post('*/api/items/:id/generate-powers', async ({ request }) => {
        const body = (await request.json()) as { sphere_to: number };
        bodies.push(body);
        if (body.sphere_to > 10) {
          return HttpResponse.json(
            { message: 'Too many.', errors: { sphere_to: ['At most 2,000 powers at once; these ranges make 4,941.'] } },
            { status: 422 },
          );
        }
        return HttpResponse.json({ created: 369, skipped: 0 });
      }),
    );
    await render('/items/40');
    expect((await screen.findByRole('link', { name: 'Power Grid' })).getAttribute('href')).toBe(
      '/items/power-grid?item_id=40',
    );
    expect(screen.getByRole('link', { name: 'Powers' }).getAttribute('href')).toBe('/items?variant_of_item_id=40');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Powers' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Sphere To'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('At most 2,000 powers at once; these ranges make 4,941.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Sphere To'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Powers generated: 369 variants created, 0 powers skipped.')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ sphere_from: -6, sphere_to: 4, cylinder_from: 0, cylinder_to: -2, add: null });
  });
});
