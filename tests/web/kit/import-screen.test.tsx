// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { items } from '../../../src/areas/inventory/items.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { errorList, errorsCsv } from '../../../src/screens/import/import-file.ts';
import { ImportScreen } from '../../../src/screens/import/import-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

type Sent = { body: string; dryRun: boolean; type: string | null };
const sent: Sent[] = [];

const goodFile = 'code,name,item_type,unit_of_measurement\nIMP-1,Frame One,Frame,Piece\nIMP-2,Frame Two,Frame,Piece\n';
const badFile = 'code,name,item_type,unit_of_measurement\nIMP-1,Frame One,Telescope,Piece\nIMP-2,,Frame,Piece\n';

beforeEach(() => {
  sent.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.post('*/api/items/import', async ({ request }) => {
      const body = await request.text();
      const dryRun = new URL(request.url).searchParams.get('dry_run') === '1';
      sent.push({ body, dryRun, type: request.headers.get('content-type') });
      if (body.includes('Telescope')) {
        return HttpResponse.json(
          {
            message: '2 cells need correcting; nothing was imported.',
            errors: {
              'rows.2.item_type': ['No item type named “Telescope”.'],
              'rows.3.name': ['The name field is required.'],
            },
          },
          { status: 422 },
        );
      }
      return HttpResponse.json({ rows: 2, created: dryRun ? 0 : 2, dry_run: dryRun }, { status: dryRun ? 200 : 201 });
    }),
  );
});

async function renderImport() {
  const api = await items.load();
  renderRoutes(
    [
      { path: '/items/import', element: <ImportScreen resource={items} api={api} /> },
      { path: '/items', element: <p>Items list</p> },
    ],
    '/items/import',
  );
  return screen.findByLabelText('CSV file');
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

function choose(input: HTMLElement, text: string) {
  const file = new File([text], 'frames.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('the import screen', () => {
  it('checks the file without writing and marks every refused cell by row and column', async () => {
    choose(await renderImport(), badFile);
    const listed = await screen.findByRole('table', { name: 'Errors in frames.csv' });
    expect(rowsOf(listed)).toEqual([
      ['2', 'item_type', 'Telescope', 'No item type named “Telescope”.'],
      ['3', 'name', '', 'The name field is required.'],
    ]);
    const preview = screen.getByRole('table', { name: /^Preview of frames\.csv/ });
    expect(within(preview).getByText('No item type named “Telescope”.')).toBeTruthy();
    expect(within(preview).getByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText(/frames\.csv: 2 cells need correcting/)).toBeTruthy();
    expect(sent).toEqual([{ body: badFile, dryRun: true, type: 'text/csv' }]);
    expect((screen.getByRole('button', { name: /Import 2 rows/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports a good file once checked, then goes back to the list', async () => {
    choose(await renderImport(), goodFile);
    expect(await screen.findByText('2 rows of frames.csv are ready to import.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Import 2 rows/ }));
    await waitFor(() => expect(currentUrl().pathname).toBe('/items'));
    expect(sent.map((request) => request.dryRun)).toEqual([true, false]);
    expect(await screen.findByText('2 rows of Items imported successfully.')).toBeTruthy();
  });

  it('counts one row as one row', async () => {
    server.use(
      http.post('*/api/items/import', ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dry_run') === '1';
        return HttpResponse.json({ rows: 1, created: dryRun ? 0 : 1, dry_run: dryRun }, { status: dryRun ? 200 : 201 });
      }),
    );
    choose(await renderImport(), 'code,name,item_type,unit_of_measurement\nIMP-1,Frame One,Frame,Piece\n');
    expect(await screen.findByText('1 row of frames.csv is ready to import.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByText('1 row of Items imported successfully.')).toBeTruthy();
  });

  it('lists every error of a long file, a page at a time, and offers them as a CSV', async () => {
    const header = 'code,name,brand,item_type,unit_of_measurement';
    const rows = Array.from(
      { length: 5000 },
      (_, n) => `DEEP-${n + 1},Frame ${n + 1},${n === 4000 ? 'Nobody' : 'Ray-Ban'},Frame,Piece`,
    );
    // 60 more bad cells so that the list has two pages.
    const errors: Record<string, string[]> = { 'rows.4002.brand': ['No brand named “Nobody”.'] };
    for (let row = 4100; row < 4160; row += 1) errors[`rows.${row}.name`] = ['Enter a name.'];
    server.use(
      http.post('*/api/items/import', () =>
        HttpResponse.json({ message: '61 cells need correcting; nothing was imported.', errors }, { status: 422 }),
      ),
    );
    choose(await renderImport(), `${header}\n${rows.join('\n')}\n`);
    const listed = await screen.findByRole('table', { name: 'Errors in frames.csv (page 1 of 2)' });
    expect(screen.getByText('61 errors to correct')).toBeTruthy();
    // The preview shows the first rows only; the list starts at the bad cell deep in the file.
    expect(rowsOf(listed)[0]).toEqual(['4002', 'brand', 'Nobody', 'No brand named “Nobody”.']);
    expect(rowsOf(listed)).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Next errors' }));
    const second = await screen.findByRole('table', { name: 'Errors in frames.csv (page 2 of 2)' });
    expect(rowsOf(second)).toHaveLength(11);
    expect(rowsOf(second).at(-1)).toEqual(['4159', 'name', 'Frame 4158', 'Enter a name.']);
    expect(screen.getByRole('button', { name: /Download the errors \(CSV\)/ })).toBeTruthy();
    const file = { name: 'frames.csv', text: '', header: header.split(','), rows: rows.map((row) => row.split(',')) };
    const csv = errorsCsv(
      errorList({ ...file, errors: { 'rows.4002.brand': 'No brand named “Nobody”.' }, message: '' }),
    );
    expect(csv).toBe('row,column,value,problem\r\n4002,brand,Nobody,No brand named “Nobody”.\r\n');
  });

  it('offers the template of the resource', async () => {
    await renderImport();
    expect(screen.getByRole('link', { name: /Download template/ }).getAttribute('href')).toBe(
      '/api/items/import/template',
    );
  });
});
