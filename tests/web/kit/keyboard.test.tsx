// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const customers = ['Juan dela Cruz', 'Maria Santos', 'Walk-in Customer'].map((name, index) =>
  getGetContactResponseMock({ id: index + 1, name }),
);
let created = 0;

beforeEach(() => {
  created = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/contacts/search', () => HttpResponse.json(customers)),
    http.post('*/api/invoices', () => {
      created += 1;
      return HttpResponse.json({ message: 'The given data was invalid.' }, { status: 500 });
    }),
  );
});

const input = (name: string): HTMLInputElement => {
  const found = document.querySelector(`input[name="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`No input named ${name}.`);
  return found;
};

async function renderInvoiceForm() {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  await waitFor(() => input('contact_id'));
}

function highlighted(picker: HTMLInputElement): string | null {
  const id = picker.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

it('picks with the arrows and Enter, highlighting the first match as results arrive', async () => {
  await renderInvoiceForm();
  const picker = input('contact_id');
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'a' } });
  await waitFor(() => expect(highlighted(picker)).toBe('Juan dela Cruz'));
  fireEvent.keyDown(picker, { key: 'ArrowDown' });
  expect(highlighted(picker)).toBe('Maria Santos');
  fireEvent.keyDown(picker, { key: 'ArrowUp' });
  fireEvent.keyDown(picker, { key: 'ArrowUp' });
  // Up from the first wraps to the last: the picker's own "New customer…", then the last customer found.
  expect(highlighted(picker)).toBe('New customer…');
  fireEvent.keyDown(picker, { key: 'ArrowUp' });
  expect(highlighted(picker)).toBe('Walk-in Customer');
  const listbox = document.getElementById(picker.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('No list of options.');
  expect(within(listbox).getByRole('option', { selected: true }).textContent).toBe('Walk-in Customer');
  fireEvent.keyDown(picker, { key: 'Enter' });
  fireEvent.blur(picker);
  expect(input('contact_id').value).toBe('Walk-in Customer');
  expect(picker.getAttribute('aria-expanded')).toBe('false');
  // Enter picked: it did not submit the form.
  expect(created).toBe(0);
});

it('closes the list on Escape without picking', async () => {
  await renderInvoiceForm();
  const picker = input('contact_id');
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'a' } });
  await waitFor(() => expect(highlighted(picker)).toBe('Juan dela Cruz'));
  fireEvent.keyDown(picker, { key: 'Escape' });
  expect(picker.getAttribute('aria-expanded')).toBe('false');
  fireEvent.blur(picker);
  expect(input('contact_id').value).toBe('');
});

it('goes to a new line on Enter in the last line, with the focus in its first field', async () => {
  await renderInvoiceForm();
  expect(document.querySelector('input[name="lines.1.quantity"]')).toBeNull();
  const quantity = input('lines.0.quantity');
  quantity.focus();
  fireEvent.keyDown(quantity, { key: 'Enter' });
  await waitFor(() => expect(document.querySelector('input[name="lines.1.quantity"]')).not.toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(input('lines.1.item_id')));
  expect(created).toBe(0);
});

it('saves with Ctrl+Enter from any field, as the Save button does', async () => {
  await renderInvoiceForm();
  expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-keyshortcuts')).toContain('Control+Enter');
  fireEvent.keyDown(input('lines.0.quantity'), { key: 'Enter', ctrlKey: true });
  // The same validation as a click on Save: the empty invoice's required fields are named, nothing is sent.
  expect((await screen.findAllByText(/^(Enter|Choose) an? /)).length).toBeGreaterThan(0);
  // Each by the label the form shows it under.
  expect(screen.getByText('Choose a customer.')).toBeTruthy();
  expect(created).toBe(0);
});

async function chooseCustomer(picker: HTMLInputElement, name: string) {
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: name.slice(0, 4) } });
  await waitFor(() => expect(highlighted(picker)).toBe(name));
  fireEvent.keyDown(picker, { key: 'Enter' });
  await waitFor(() => expect(picker.value).toBe(name));
}

it('keeps the clear button out of the tab order, still clickable and named', async () => {
  await renderInvoiceForm();
  const picker = screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement;
  await chooseCustomer(picker, 'Juan dela Cruz');
  const clear = screen.getAllByRole('button', { name: 'Clear selection' })[0];
  if (!clear) throw new Error('No clear button.');
  expect(clear.tabIndex).toBe(-1);
  fireEvent.click(clear);
  await waitFor(() => expect(picker.value).toBe(''));
});

it.each(['Escape', 'Delete'])('clears the chosen customer with %s when nothing is typed', async (key) => {
  await renderInvoiceForm();
  const picker = screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement;
  await chooseCustomer(picker, 'Juan dela Cruz');
  fireEvent.keyDown(picker, { key });
  fireEvent.blur(picker);
  expect(picker.value).toBe('');
  expect(screen.getByRole('combobox', { name: 'Customer' }).getAttribute('aria-expanded')).toBe('false');
});

it('keeps the choice when Escape only closes the list of a search typed', async () => {
  await renderInvoiceForm();
  const picker = screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement;
  await chooseCustomer(picker, 'Juan dela Cruz');
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'Mar' } });
  await waitFor(() => expect(highlighted(picker)).toBe('Juan dela Cruz'));
  fireEvent.keyDown(picker, { key: 'Escape' });
  fireEvent.blur(picker);
  expect(picker.value).toBe('Juan dela Cruz');
});
