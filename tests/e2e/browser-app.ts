import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { buildApp } from '../../server/app.ts';
import { createFirstAdministrator } from '../../server/areas/management/first-administrator.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/demo/index.ts';
import type { ResourceRecord } from '../../src/resources/resource.ts';

const root = resolve(import.meta.dirname, '../..');
const distDir = join(root, 'dist');
const screenshotDir = join(root, 'docs', 'screenshots');

export const demoPassword = 'spectacle-demo';
// Cheap hashing for the seeded users: the test signs in many times and production never sees this cost.
const passwordCost = { N: 2 ** 10, r: 8, p: 1 };

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

// The browser must run the client as it is now, so a missing or stale dist/ is rebuilt first.
function buildClientIfStale(): void {
  const built = existsSync(join(distDir, 'index.html')) ? statSync(join(distDir, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    ...['src', 'generated', 'public', 'index.html', 'vite.config.ts'].map((path) => newestChange(join(root, path))),
  );
  if (built > sources) return;
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The client build failed:\n${result.stdout}\n${result.stderr}`);
}

// The server lists the client's files when it starts, and a build empties dist/. So builds take turns (test files
// run in parallel), and each server gets its own copy of the client, which a later build cannot pull away.
async function privateClientCopy(target: string): Promise<void> {
  const lock = join(root, 'node_modules', '.e2e-client-build.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run must not block every later run forever.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resume) => setTimeout(resume, 500));
    }
  }
  try {
    buildClientIfStale();
    cpSync(distDir, target, { recursive: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export type Viewport = { width: number; height: number };

// The desktop the screens were first laid out for; the small-screen tests pass a tablet's or a phone's.
const desktop: Viewport = { width: 1366, height: 900 };

export type BrowserApp = {
  baseUrl: string;
  // The server's database, for a test that starts from a setting the demo does not have.
  db: Kysely<Database>;
  browser: Browser;
  // A page in a context of its own. The app's service worker copies every file a page fetches into that context's
  // cache, which the suite would pay again on each of its hundreds of fresh contexts; only a test of the worker
  // itself lets it run (`serviceWorker: true`).
  newPage: (viewport?: Viewport, options?: { serviceWorker?: boolean }) => Promise<Page>;
  // What `npm run create-admin` does on an empty database: the first business (with its starting data) and its
  // administrator, who signs in with the demo password.
  createAdmin: (admin: { email: string; name: string; businessName: string }) => Promise<void>;
  close: () => Promise<void>;
};

// The real server on a fresh database in a temporary SQLite file (the demo's, or with `seed: 'none'` only the
// permissions, as `SEED=none` starts), on a free port, and a headless Chromium.
export async function startBrowserApp(options: { seed?: 'demo' | 'none' } = {}): Promise<BrowserApp> {
  const dir = mkdtempSync(join(tmpdir(), 'spectacle-e2e-'));
  const clientDir = join(dir, 'client');
  await privateClientCopy(clientDir);
  const db = connectDatabase({ kind: 'sqlite', path: join(dir, 'e2e.db') });
  await migrateToLatest(db);
  await seedDatabase(db, { demo: options.seed !== 'none', passwordCost, now: new Date() });
  const app = await buildApp({ db, clientDir, contractPath: null, passwordCost });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    baseUrl,
    db,
    browser,
    newPage: async (viewport = desktop, options = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport,
        serviceWorkers: options.serviceWorker ? 'allow' : 'block',
      });
      return context.newPage();
    },
    createAdmin: async (admin) =>
      createFirstAdministrator(db, {
        ...admin,
        passwordHash: await hashPassword(demoPassword, passwordCost),
        now: new Date().toISOString(),
      }),
    close: async () => {
      await browser.close();
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/overview');
  // On a narrow screen the sidebar waits in a drawer behind the menu button.
  await sidebar(page)
    .or(page.getByRole('button', { name: 'Open menu' }))
    .first()
    .waitFor();
}

// Moves the running app to `path` the way its own links do, through the router's history and without reloading the
// page: for walks that judge what a screen shows (its width, its accessibility), where loading the whole client
// again for every route would only cost time. routes.test.ts loads each resource's list by its address and reaches
// the rest of its screens this way.
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

// Types into a remote-search picker (the input named after its field), picks the suggestion showing that text and
// waits until the picker shows the choice.
export async function pick(page: Page, fieldName: string, search: string, option: string = search): Promise<void> {
  const input = page.locator(`input[name="${fieldName}"]`);
  await input.click();
  await input.fill(search);
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
  await page.waitForFunction(
    ([name, text]) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value.includes(text),
    [fieldName, option] as const,
  );
}

// Waits for the toast with exactly this text; fails the test if it never shows.
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

// A record's figure on a view screen: the value beside its label in the details list.
export function detail(page: Page, label: string): Locator {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

// Only on request (E2E_SCREENSHOTS=1): the pictures carry the clock's dates, so writing them on every test run
// would leave docs/screenshots changed in everyone's checkout.
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(screenshotDir, { recursive: true });
  // The picture shows the screen from its top, without a chart tooltip under the last click.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Dialogs and toasts fade in: the picture waits for every animation that ends (not the endless progress stripes).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

// Lets the page handle what it was just sent and paint once, so that a check made next sees the outcome.
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
}

// Types a line's price over the one the price list gives it. Picking the item looks its price up, and an answer that
// lands while Playwright is filling the field is kept in front of the typed digits ("2400" and "1120" made
// 24,001,120). Once the typed price has been entered the app leaves it alone, so typing it again once is enough.
export async function typePrice(page: Page, field: string, price: string): Promise<void> {
  const input = page.locator(`input[name="${field}"]`);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await input.fill(price);
    await nextFrame(page);
    if ((await input.inputValue()) === price) return;
  }
  throw new Error(`${field} does not keep the typed price ${price}: it shows ${await input.inputValue()}.`);
}

export type ListedPage = { data: ResourceRecord[]; meta: { total: number } };

// The page of records the list screen of `key` fetches. Only the list screen sends only_trashed, so a
// request of that resource still answering for the screen left behind (a picker, a related list) is not
// mistaken for it; and a body the browser already dropped on navigating away is not waited on.
export async function listedPage(page: Page, key: string): Promise<ListedPage> {
  let listed: ListedPage | undefined;
  await page.waitForResponse(async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== `/api/${key}` || !url.searchParams.has('only_trashed') || !response.ok()) return false;
    try {
      listed = (await response.json()) as ListedPage;
      return true;
    } catch {
      return false;
    }
  });
  if (!listed) throw new Error(`The list of ${key} was not fetched`);
  return listed;
}
