import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { demoPassword } from '../../server/demo/master-data.ts';
import { type ServerProcess, spawnServer } from './server-process.ts';
import { printTable } from './table.ts';

// A cashier's counter on a mid-range phone, as Lighthouse's mobile setting has it: 150 ms latency, 1.6 Mbit/s down,
// 750 kbit/s up, a CPU four times slower than this one. The production server (npm start: built client, demo
// database in a temporary folder) on a port of its own, and Chromium through the DevTools protocol.
const phone = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};
const viewport = { width: 412, height: 823 };
// Item words of the demo catalogue, each typed once per run: a picker never sees the same text twice in a row.
const typedTexts = [
  'wayfarer',
  'aviator',
  'oakley',
  'prada',
  'gucci',
  'titanium',
  'varilux',
  'crizal',
  'miyosmart',
  'zeiss',
  'acuvue',
  'biotrue',
  'dailies',
  'renu',
  'clamshell',
  'pouch',
];
// A practised thumb: five keys a second.
const keyGapMs = 200;
const formPath = '/invoices/create';

type Load = { ms: number; bytes: number; requests: number };

export async function benchCounterPhone(root: string, runs: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'spectacle-counter-phone-'));
  const server = await startProductionServer(root, join(dir, 'counter.db'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const cold: Load[] = [];
    const warm: Load[] = [];
    const keystrokes: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ baseURL: server.base, viewport, isMobile: true, hasTouch: true });
      await signInCashier(context);
      cold.push(await loadForm(context));
      warm.push(await loadForm(context));
      keystrokes.push(...(await typeInPicker(context)));
      await context.close();
      console.error(
        `run ${run + 1}: first visit ${cold.at(-1)?.ms.toFixed(0)} ms, return ${warm.at(-1)?.ms.toFixed(0)} ms`,
      );
    }
    const median = (values: number[]) => quantile(values, 0.5);
    printTable(
      `The counter on a slow phone (${phone.cpuSlowdown}× CPU slowdown, ${phone.latency} ms, 1.6 Mbit/s down, 750 kbit/s up), median of ${runs} runs`,
      ['what', 'ms', 'KiB fetched', 'requests'],
      [
        [
          'first visit: usable invoice form',
          median(cold.map((load) => load.ms)).toFixed(0),
          (median(cold.map((load) => load.bytes)) / 1024).toFixed(0),
          median(cold.map((load) => load.requests)).toFixed(0),
        ],
        [
          'return visit: usable invoice form',
          median(warm.map((load) => load.ms)).toFixed(0),
          (median(warm.map((load) => load.bytes)) / 1024).toFixed(0),
          median(warm.map((load) => load.requests)).toFixed(0),
        ],
      ],
    );
    printTable(
      `Item picker: last keystroke to matching options (${typedTexts.length} words × ${runs} runs, a key every ${keyGapMs} ms)`,
      ['p50 ms', 'p95 ms', 'max ms'],
      [
        [
          quantile(keystrokes, 0.5).toFixed(0),
          quantile(keystrokes, 0.95).toFixed(0),
          Math.max(...keystrokes).toFixed(0),
        ],
      ],
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

// Signed in through the API, so that the page and its files have never been fetched in this context.
async function signInCashier(context: BrowserContext): Promise<void> {
  const ajax = { 'X-Requested-With': 'XMLHttpRequest' };
  await context.request.get('/api/csrf-cookie', { headers: ajax });
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await context.request.post('/login', {
    headers: { ...ajax, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: { email: 'cashier@spectacle.test', password: demoPassword },
  });
  if (!login.ok()) throw new Error(`The cashier could not sign in: ${login.status()}`);
}

// A tab of the phone: network and CPU slowed before anything loads; counts what crosses the network.
async function phoneTab(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession; fetched: () => Load }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latency,
    downloadThroughput: phone.downloadThroughput,
    uploadThroughput: phone.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  return { page, cdp, fetched: () => ({ ms: 0, bytes, requests }) };
}

// Usable: the Customer field takes input and the lines table shows its first line's item picker.
const usable = () => {
  const customer = document.querySelector<HTMLInputElement>('input[name="contact_id"]');
  const item = document.querySelector<HTMLInputElement>('table input[name="lines.0.item_id"]');
  return Boolean(customer && !customer.disabled && item && item.getBoundingClientRect().height > 0);
};

async function loadForm(context: BrowserContext): Promise<Load> {
  const { page, fetched } = await phoneTab(context);
  await page.goto(formPath, { waitUntil: 'commit' });
  await page.waitForFunction(usable, undefined, { polling: 'raf', timeout: 60_000 });
  // Measured from the navigation's start, by the page's own clock.
  const ms = await page.evaluate(() => performance.now());
  const { bytes, requests } = fetched();
  await page.close();
  return { ms, bytes, requests };
}

// Types each word into the first line's item picker a key at a time and times, by the page's clock, the last key
// to the first frame that shows an option holding the whole word. The page watches every frame from before the
// first key, so an option shown at once is timed as such, not when the bench next asks.
async function typeInPicker(context: BrowserContext): Promise<number[]> {
  const { page } = await phoneTab(context);
  await page.goto(formPath);
  await page.waitForFunction(usable, undefined, { polling: 'raf', timeout: 60_000 });
  const picker = page.locator('input[name="lines.0.item_id"]');
  const timings: number[] = [];
  for (const text of typedTexts) {
    await picker.click();
    await picker.fill('');
    // A string, not a function: tsx names inner functions with a helper the page does not have.
    await page.evaluate(`(() => {
      const word = ${JSON.stringify(text)};
      let keys = 0;
      let lastKeyAt = Number.NaN;
      const onKey = (event) => {
        keys += 1;
        lastKeyAt = event.timeStamp;
      };
      document.addEventListener('keydown', onKey);
      window.pickerShown = new Promise((resolve) => {
        const started = performance.now();
        const check = () => {
          const now = performance.now();
          const options = keys < word.length ? [] : [...document.querySelectorAll('[role="listbox"] [role="option"]')];
          if (options.some((option) => (option.textContent ?? '').toLowerCase().includes(word))) {
            document.removeEventListener('keydown', onKey);
            resolve(now - lastKeyAt);
          } else if (now - started > 60000) resolve(Number.NaN);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    })()`);
    for (const character of text) {
      await page.keyboard.press(character);
      await page.waitForTimeout(keyGapMs);
    }
    const shown = await page.evaluate<number>('window.pickerShown');
    if (Number.isNaN(shown)) throw new Error(`No option showed "${text}" within a minute of its first key.`);
    timings.push(shown);
    await page.keyboard.press('Escape');
  }
  await page.close();
  return timings;
}

// As `npm start` runs it: builds the client when stale, migrates and seeds the demo into a new SQLite file.
function startProductionServer(root: string, sqlitePath: string): Promise<ServerProcess> {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  return spawnServer(
    root,
    'scripts/start.ts',
    { SQLITE_PATH: sqlitePath, SEED: 'demo' },
    { ...(port === undefined ? {} : { port }), waitSeconds: 300 },
  );
}
