import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/app/definitions.ts';
import { isEditable, type ResourceDefinition } from '../../src/resources/resource.ts';
import { type BrowserApp, goInApp, listedPage, signIn, startBrowserApp } from './browser-app.ts';

// Issue 6: every route of docs/domain/screens.md opens and works for the admin on the demo data. The resources come
// from the registry, so a resource added there is visited here without touching this file.
describe('every route for the admin on the demo data', () => {
  let app: BrowserApp;
  let admin: Page;
  // An uncaught error in the page is a broken screen even when the heading still shows.
  const pageErrors: string[] = [];
  // The page's requests still under way: a screen loads its parts (lazy panels, lookups) after its heading shows.
  let inFlight = 0;

  beforeAll(async () => {
    app = await startBrowserApp();
    admin = await app.newPage();
    admin.on('pageerror', (error) => pageErrors.push(error.message));
    admin.on('request', () => {
      inFlight += 1;
    });
    const ended = () => {
      inFlight -= 1;
    };
    admin.on('requestfinished', ended);
    admin.on('requestfailed', ended);
    await signIn(admin, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  // Opens the path and runs the check; any failure, a shown error or an uncaught page error names the route. Each
  // resource's list is loaded by its address, as a bookmark or a reload opens it; its other screens are reached from
  // there through the router, as its links reach them, since loading the whole client again for each of them cost
  // this file most of its time (docs/PERFORMANCE.md, CI time).
  async function visit(path: string, check: () => Promise<void>, by: 'address' | 'router' = 'router'): Promise<void> {
    pageErrors.length = 0;
    if (by === 'address') await admin.goto(path);
    else await goInApp(admin, path);
    try {
      await check();
      // A part that arrives after the heading may still break the screen, so it is checked again once the page
      // has asked for nothing for a moment.
      await settled();
      await check();
    } catch (error) {
      throw new Error(`${path} did not show what it should: ${error instanceof Error ? error.message : error}`);
    }
    const shownErrors = [
      ...(await admin.getByRole('alert').allInnerTexts()),
      ...(await admin.getByText(/^(Unexpected Application Error!|This page does not exist\.)$/).allInnerTexts()),
    ].filter((text) => text.trim() !== '');
    expect(shownErrors, `${path} shows an error`).toEqual([]);
    expect(pageErrors, `${path} threw in the page`).toEqual([]);
  }

  // React reveals a lazy part up to 300 ms after its fallback showed (its Suspense throttle), so the page must have
  // asked for nothing for that long before the screen is judged whole.
  async function settled(): Promise<void> {
    const quietFor = 300;
    const giveUpAt = Date.now() + 10_000;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietFor && Date.now() < giveUpAt) {
      await new Promise((resume) => setTimeout(resume, 25));
      if (inFlight > 0) quietSince = Date.now();
    }
  }

  // Opens the list and answers the first listed record and the first one on the page that may still be edited.
  async function visitList(resource: ResourceDefinition): Promise<{ firstId: number; editableId?: number }> {
    const path = `/${resource.key}`;
    const answer = listedPage(admin, resource.key);
    let firstId = Number.NaN;
    let editableId: number | undefined;
    await visit(
      path,
      async () => {
        const page = await answer;
        expect(page.meta.total, `${path} lists no ${resource.plural} from the demo data`).toBeGreaterThan(0);
        // The caption tells no total until the page has arrived, so it is awaited with the server's count.
        await admin
          .getByText(`List of ${resource.plural} - Total ${page.meta.total}`, { exact: true })
          .waitFor({ timeout: 10_000 });
        const href = await admin.getByRole('link', { name: 'View', exact: true }).first().getAttribute('href');
        firstId = Number(href?.split('/').pop());
        editableId = page.data.find((record) => isEditable(resource, record))?.id;
      },
      'address',
    );
    expect(Number.isInteger(firstId), `${path}: the first row has no View link`).toBe(true);
    return { firstId, editableId };
  }

  const heading = (name: string | RegExp) => admin.getByRole('heading', { name, level: 2 });

  it('opens the overview, the business picker and the root', { timeout: 60_000 }, async () => {
    for (const path of ['/', '/overview']) {
      await visit(path, () => heading('Overview').waitFor({ timeout: 10_000 }), 'address');
    }
    await visit('/businesses/select', async () => {
      await heading('Select Business').waitFor({ timeout: 10_000 });
      await admin
        .getByRole('button', { name: /^Select(ed)?$/ })
        .first()
        .waitFor({ timeout: 10_000 });
    });
  });

  // What each resource's list showed, for its edit test that follows.
  const editable = new Map<ResourceDefinition, number | undefined>();

  for (const resource of resources) {
    it(`opens the list, create form and first record of ${resource.plural}`, { timeout: 60_000 }, async () => {
      const { firstId: id, editableId } = await visitList(resource);
      editable.set(resource, editableId);

      if (resource.screens !== 'read-only') {
        await visit(`/${resource.key}/create`, async () => {
          await heading(`Create ${resource.singular}`).waitFor({ timeout: 10_000 });
          await admin.getByRole('button', { name: 'Save', exact: true }).waitFor({ timeout: 10_000 });
        });
      }

      const viewPath = `/${resource.key}/${id}`;
      await visit(viewPath, async () => {
        await heading(new RegExp(`^${resource.singular}\\b`)).waitFor({ timeout: 10_000 });
        // The details list shows once the record has loaded.
        await admin.locator('dt').first().waitFor({ timeout: 10_000 });
      });

      for (const extra of resource.extraActions ?? []) {
        await visit(`${viewPath}/${extra.action}`, async () => {
          // A screen to change the record (Assign Permissions: the role's name) or one to read (Statement of Account).
          if (extra.needs === 'view') {
            await heading(extra.label).waitFor({ timeout: 10_000 });
            await admin.getByRole('button', { name: 'Print', exact: true }).waitFor({ timeout: 10_000 });
            return;
          }
          await heading(new RegExp(`^${extra.label}: \\S`)).waitFor({ timeout: 10_000 });
          await admin.getByRole('button', { name: 'Update', exact: true }).waitFor({ timeout: 10_000 });
        });
      }
    });

    if (resource.screens === 'full') {
      it(`opens the edit form of ${resource.plural}`, { timeout: 30_000 }, async (context) => {
        const editableId = editable.get(resource);
        // The first listed document may be past editing (a received order), so the first editable one is opened;
        // when the demo data holds none on the first page, the route is reported skipped rather than passed.
        if (editableId === undefined) context.skip(`no ${resource.singular} on the demo data's first page may change`);
        await visit(`/${resource.key}/${editableId}/edit`, async () => {
          await heading(`Edit ${resource.singular}`).waitFor({ timeout: 10_000 });
          await admin.getByRole('button', { name: 'Update', exact: true }).waitFor({ timeout: 10_000 });
        });
      });
    }
  }
});
