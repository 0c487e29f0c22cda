// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const item = (id: number, code: string, name: string) =>
  getGetItemResponseMock({ id, code, name, item_type_name: 'Frame', variant_of_item_id: null });
const symbole = item(1, 'PR-17WS-1AB', 'Prada Symbole PR 17WS Sunglasses');
const heritage = item(2, 'PR-16MV-1AB', 'Prada Heritage PR 16MV Optical');
const airdrop = item(3, 'OX-8046-0155', 'Oakley Airdrop OX8046 Satin Black');

// The server's answer to anything but the first, empty search waits until the test lets it go: what shows before
// then can only come from what the picker already holds.
let release: () => void = () => undefined;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/items/search', async ({ request }) => {
      const text = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(text);
      if (text === '') return HttpResponse.json([symbole, heritage, airdrop]);
      await new Promise<void>((resume) => {
        release = resume;
      });
      return HttpResponse.json([heritage]);
    }),
  );
});

const picker = () => {
  const found = document.querySelector('input[name="lines.0.item_id"]');
  if (!(found instanceof HTMLInputElement)) throw new Error('No item picker on the first line.');
  return found;
};
const optionTexts = () => {
  const list = document.getElementById(picker().getAttribute('aria-controls') ?? '');
  return list
    ? within(list)
        .queryAllByRole('option')
        .map((option) => option.textContent)
    : [];
};

it('shows the held items matching each keystroke at once, then the server’s answer when it comes', async () => {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  await waitFor(() => picker());
  fireEvent.focus(picker());
  await waitFor(() => expect(optionTexts()).toHaveLength(3));

  fireEvent.change(picker(), { target: { value: 'prada' } });
  // Before the server has answered "prada" (or even been asked): the two Prada frames it already holds.
  expect(optionTexts()).toEqual([
    'Prada Symbole PR 17WS Sunglasses · PR-17WS-1AB',
    'Prada Heritage PR 16MV Optical · PR-16MV-1AB',
  ]);
  fireEvent.change(picker(), { target: { value: 'prada opt' } });
  expect(optionTexts()).toEqual(['Prada Heritage PR 16MV Optical · PR-16MV-1AB']);

  await waitFor(() => expect(asked).toContain('prada opt'));
  expect(optionTexts()).toEqual(['Prada Heritage PR 16MV Optical · PR-16MV-1AB']);
  fireEvent.change(picker(), { target: { value: 'prada' } });
  await waitFor(() => expect(asked.at(-1)).toBe('prada'));
  expect(optionTexts()).toHaveLength(2);
  release();
  // The server's answer replaces the held matches: it knows the catalogue, the picker only what it was shown.
  await waitFor(() => expect(optionTexts()).toEqual(['Prada Heritage PR 16MV Optical · PR-16MV-1AB']));
});

it('answers a new line’s picker at once from what the first line’s picker was shown', async () => {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  await waitFor(() => picker());
  fireEvent.focus(picker());
  await waitFor(() => expect(optionTexts()).toHaveLength(3));
  fireEvent.blur(picker());

  fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
  const second = await waitFor(() => {
    const found = document.querySelector('input[name="lines.1.item_id"]');
    if (!(found instanceof HTMLInputElement)) throw new Error('No item picker on the second line.');
    return found;
  });
  fireEvent.focus(second);
  fireEvent.change(second, { target: { value: 'oakley' } });
  // The server has not answered "oakley": the second line draws on the answers the first line's picker holds.
  const list = document.getElementById(second.getAttribute('aria-controls') ?? '');
  expect(
    list &&
      within(list)
        .queryAllByRole('option')
        .map((option) => option.textContent),
  ).toEqual(['Oakley Airdrop OX8046 Satin Black · OX-8046-0155']);
  expect(asked).not.toContain('oakley');
});
