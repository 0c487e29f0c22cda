// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetDiscountProgramResponseMock } from '../../../generated/hooks/discount-programs/discount-programs.msw.ts';
import { getGetItemTypeResponseMock } from '../../../generated/hooks/item-types/item-types.msw.ts';
import { getGetUserResponseMock } from '../../../generated/hooks/users/users.msw.ts';
import { resources } from '../../../src/app/definitions.ts';
import { items } from '../../../src/areas/inventory/items.ts';
import { stockTransfers } from '../../../src/areas/logistics/stock-transfers.ts';
import { users } from '../../../src/areas/management/users.ts';
import { purchaseOrders } from '../../../src/areas/purchasing/purchase-orders.ts';
import { discountPrograms } from '../../../src/areas/sales/discount-programs.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/item-types/search', () =>
      HttpResponse.json(
        ['Frame', 'Accessory', 'Ophthalmic Lens'].map((name, index) =>
          getGetItemTypeResponseMock({ id: 11 + index, name, deleted_at: null }),
        ),
      ),
    ),
    http.get('*/api/businesses/search', () =>
      HttpResponse.json(
        ['Spectacle Makati', 'Spectacle Cebu'].map((name, index) =>
          getGetBusinessResponseMock({ id: 1 + index, name, deleted_at: null }),
        ),
      ),
    ),
    http.post('*/api/discount-programs', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(getGetDiscountProgramResponseMock({ id: 4 }), { status: 201 });
    }),
    http.post('*/api/users', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(getGetUserResponseMock({ id: 8 }), { status: 201 });
    }),
  );
});

async function renderCreate(resource: ResourceDefinition) {
  const api = await resource.load();
  renderRoutes(
    [
      { path: `/${resource.key}/create`, element: <FormScreen resource={resource} api={api} mode="create" /> },
      { path: `/${resource.key}`, element: <p>List</p> },
    ],
    `/${resource.key}/create`,
  );
  await screen.findByRole('button', { name: 'Save' });
}

const ticked = (group: HTMLElement) =>
  within(group)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

describe('a list of checkboxes', () => {
  it("ticks the discount program's item type whose label is clicked, and saves those", async () => {
    await renderCreate(discountPrograms);
    const group = await screen.findByRole('group', { name: 'Qualifying Item Types' });
    await within(group).findByText('Frame');
    const ids = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.id);
    expect(new Set(ids).size).toBe(3);

    await userEvent.click(within(group).getByText('Accessory'));
    expect(ticked(group)).toEqual(['Accessory']);
    await userEvent.click(within(group).getByText('Frame'));
    expect(ticked(group)).toEqual(['Frame', 'Accessory']);
    await userEvent.click(within(group).getByText('Ophthalmic Lens'));
    await userEvent.click(within(group).getByText('Accessory'));
    expect(ticked(group)).toEqual(['Frame', 'Ophthalmic Lens']);
    expect(within(group).getByRole('checkbox', { name: 'Frame' })).toHaveProperty('checked', true);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Senior Citizen' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Percent' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ item_type_ids: [11, 13] });
  });

  it("ticks the user's business whose label is clicked", async () => {
    await renderCreate(users);
    const group = await screen.findByRole('group', { name: 'Businesses' });
    await within(group).findByText('Spectacle Cebu');
    await userEvent.click(within(group).getByText('Spectacle Cebu'));
    expect(ticked(group)).toEqual(['Spectacle Cebu']);
    await userEvent.click(within(group).getByText('Spectacle Makati'));
    expect(ticked(group)).toEqual(['Spectacle Makati', 'Spectacle Cebu']);
    await userEvent.click(within(group).getByText('Spectacle Cebu'));
    expect(ticked(group)).toEqual(['Spectacle Makati']);
  });
});

describe('every control is named by its label', () => {
  it("names the invoice's pickers Customer, Branch and Quotation, and its lines' inputs by column and line", async () => {
    await renderCreate(invoices);
    for (const name of ['Customer', 'Branch', 'Quotation', 'Item 1']) {
      expect(screen.getByRole('combobox', { name })).toBeTruthy();
    }
    expect(screen.getByRole('spinbutton', { name: 'Quantity 1' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Lines' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Type to search' })).toBeNull();
  });

  it("names the purchase order's supplier and location, and the item form's pickers", async () => {
    await renderCreate(purchaseOrders);
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Location: branch or warehouse' })).toBeTruthy();
  });

  it("names the item form's pickers and the transfer's two locations", async () => {
    await renderCreate(items);
    for (const name of ['Brand', 'Item Type', 'Unit of Measurement']) {
      expect(screen.getByRole('combobox', { name })).toBeTruthy();
    }
    expect(screen.getByRole('group', { name: 'Sale Discounts' })).toBeTruthy();
  });

  it('names a stock transfer’s From and To pickers apart', async () => {
    await renderCreate(stockTransfers);
    expect(screen.getByRole('combobox', { name: 'From' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'To' })).toBeTruthy();
  });

  // Every form at once: a label names an element that exists, ids are never shared, and no input goes unnamed.
  it.each(resources.filter((resource) => resource.screens !== 'read-only').map((resource) => [resource.key, resource]))(
    'leaves no label or input of the %s form unpaired',
    async (_key, resource) => {
      await renderCreate(resource);
      // The pickers and checkbox lists fill in after their searches answer.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const problems: string[] = [];
      for (const label of document.querySelectorAll('label')) {
        const target = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
        if (!target) problems.push(`label "${label.textContent}" names nothing`);
      }
      const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
      for (const id of new Set(ids)) {
        if (ids.filter((other) => other === id).length > 1) problems.push(`id "${id}" is shared`);
      }
      for (const control of document.querySelectorAll<HTMLInputElement>('input, select, textarea')) {
        // A control hidden from assistive technology (a date field's calendar, opened by its labelled button) is
        // never announced, so it needs no name.
        if (control.closest('[aria-hidden="true"]')) continue;
        const named = Boolean(
          control.labels?.[0]?.textContent ||
            control.getAttribute('aria-label') ||
            control.getAttribute('aria-labelledby'),
        );
        if (!named) problems.push(`${control.getAttribute('name') ?? control.id} has no name`);
      }
      expect(problems).toEqual([]);
    },
  );
});
