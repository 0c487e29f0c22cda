// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { purchaseOrders } from '../../../src/areas/purchasing/purchase-orders.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { businessDayIso } from '../../../src/format/date.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, withMockServer } from '../support.tsx';

withMockServer();

// docs/domain/README.md, Dates: the forms offer the dates the user may choose.
async function dateInput(resource: ResourceDefinition, label: RegExp, permissions: string[]) {
  storeUser({ ...mockUser.user, permission_names: permissions });
  const api = await resource.load();
  renderRoutes(
    [{ path: `/${resource.key}/create`, element: <FormScreen resource={resource} api={api} mode="create" /> }],
    `/${resource.key}/create`,
  );
  return (await screen.findByLabelText(label)) as HTMLInputElement;
}

// The date is typed in one field; its calendar, off the Tab order, offers no day after today.
const calendarMax = (input: HTMLInputElement) =>
  input.parentElement?.querySelector<HTMLInputElement>('input[type="date"]')?.max ?? null;

const cashier = ['view-invoices', 'create-invoices', 'view-purchase-orders', 'create-purchase-orders'];

it("fixes a cashier's invoice to today, the shop's day in Manila", async () => {
  const input = await dateInput(invoices, /Invoice Date/, cashier);
  expect(input.value).toBe(businessDayIso());
  expect(input.readOnly).toBe(true);
  expect(calendarMax(input)).toBeNull();
  expect(input.parentElement?.querySelector('button')).toBeNull();
  expect(screen.getByText('Sales are dated today.')).toBeTruthy();
});

it('lets a holder of post-backdated-documents choose an earlier day, but none after today', async () => {
  const input = await dateInput(invoices, /Invoice Date/, [...cashier, 'post-backdated-documents']);
  expect(input.readOnly).toBe(false);
  expect(calendarMax(input)).toBe(businessDayIso());
  expect(screen.queryByText('Sales are dated today.')).toBeNull();
});

it('lets a purchase order carry an earlier date without the permission, but none after today', async () => {
  const input = await dateInput(purchaseOrders, /Order Date/, cashier);
  expect(input.value).toBe(businessDayIso());
  expect(input.readOnly).toBe(false);
  expect(calendarMax(input)).toBe(businessDayIso());
});
