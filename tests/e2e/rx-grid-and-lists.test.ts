import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, signIn, startBrowserApp, type Viewport } from './browser-app.ts';

// Issue 48, item 12: the Rx grid's messages widened SPH, AXIS and ADD until CYL read "-0.7", and on a phone ADD,
// PRISM, BASE and VA needed a sideways swipe; a phone's lists squeezed the patient's name to "Ma" under the kept
// columns; an item option read its code first.

const phone: Viewport = { width: 390, height: 844 };
const laptop: Viewport = { width: 1366, height: 768 };

type Grid = {
  // Each of the grid's tables: how far it scrolls sideways.
  overflow: number[];
  // Each input of the OD row: its left and right edges, and whether its figure is wider than the input shows.
  cells: { id: string; left: number; right: number; clipped: boolean }[];
};

const odCells = ['sphere', 'cylinder', 'axis', 'add', 'prism', 'prism_base', 'visual_acuity'].map(
  (figure) => `od_${figure}`,
);

async function grid(page: Page): Promise<Grid> {
  return page.evaluate((ids) => {
    const tables = [...document.querySelectorAll<HTMLElement>('[data-rx-card] table')];
    return {
      overflow: tables.map((table) => {
        const frame = table.parentElement;
        return frame ? frame.scrollWidth - frame.clientWidth : 0;
      }),
      cells: ids.map((id) => {
        const input = document.getElementById(id) as HTMLInputElement;
        const box = input.getBoundingClientRect();
        return { id, left: box.left, right: box.right, clipped: input.scrollWidth > input.clientWidth };
      }),
    };
  }, odCells);
}

describe('the Rx grid, lists and item options at 1366 and 390 wide', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  for (const viewport of [laptop, phone]) {
    it(`keeps the grid's columns as they were while it refuses figures, every one in view at ${viewport.width}`, {
      timeout: 120_000,
    }, async () => {
      const page = await app.newPage(viewport);
      await signIn(page, 'admin@spectacle.test');
      await page.goto('/prescriptions/create');
      await page.locator('#od_sphere').waitFor();
      await page.locator('#od_cylinder').fill('-10.75');
      await page.locator('#od_sphere').fill('-10.25');
      const before = await grid(page);

      await page.locator('#od_sphere').fill('-1.3');
      await page.locator('#od_axis').fill('200');
      await page.locator('#od_add').fill('1.1');
      for (const message of [
        'The right sphere must be in steps of 0.25.',
        'The right axis must be between 1 and 180.',
        'The right add must be in steps of 0.25.',
      ]) {
        const shown = page.getByText(message, { exact: true });
        await shown.waitFor();
        // Said under the grid, named by the field it speaks of.
        expect(await shown.evaluate((node) => node.closest('table'))).toBeNull();
      }
      expect(await page.locator('#od_axis').getAttribute('aria-invalid')).toBe('true');
      const describedBy = await page.locator('#od_axis').getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('The right axis must be between 1 and 180.');

      const after = await grid(page);
      // No column moved or narrowed for a message; CYL still shows its whole figure.
      expect(after.cells).toEqual(before.cells);
      expect(after.cells.find((cell) => cell.id === 'od_cylinder')?.clipped).toBe(false);
      expect(await page.locator('#od_cylinder').inputValue()).toBe('-10.75');
      // Every figure of the eye in view without a sideways swipe, none of the grid's tables scrolling.
      expect(after.overflow.every((overflow) => overflow === 0)).toBe(true);
      for (const cell of after.cells) {
        expect(cell.left, cell.id).toBeGreaterThanOrEqual(0);
        expect(cell.right, cell.id).toBeLessThanOrEqual(viewport.width);
      }
      await page.context().close();
    });
  }

  it("shows a phone's list rows whole: the patient's name, the status and the total never under another column", {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage(phone);
    await signIn(page, 'admin@spectacle.test');
    await page.goto('/job-orders');
    const table = page.getByRole('table');
    const row = table.locator('tbody tr').first();
    await row.waitFor();
    const headers = await table.locator('thead th').allInnerTexts();
    const cellOf = (header: string) => row.locator('td').nth(headers.findIndex((text) => text.trim() === header));
    for (const header of ['Patient', 'Status', 'Total']) {
      const cell = cellOf(header);
      await cell.scrollIntoViewIfNeeded();
      const text = (await cell.innerText()).trim();
      expect(text, header).not.toBe('');
      // What the finger would touch at the cell's middle is the cell itself, not a column drawn over it.
      const own = await cell.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && node.contains(top);
      });
      expect(own, `${header} is covered`).toBe(true);
    }
    await page.context().close();
  });

  // Issue 49, item 13: text pasted into Items → Quick Search right after the list opened vanished in 2 of 5 tries.
  // Chromium runs four times slower here, as a mid-range phone does (docs/PERFORMANCE.md, The client), and the paste
  // comes the moment the box is there: on loading the list's address, on coming from the Overview's sidebar, and on
  // loading it once more.
  it('keeps text pasted into Quick Search the moment the list opens, on a phone four times slower', {
    timeout: 240_000,
  }, async () => {
    const page = await app.newPage(phone);
    await signIn(page, 'admin@spectacle.test');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const texts = ['Hoya', 'Gucci', 'Acuvue'];
    const kept: string[] = [];
    for (const [attempt, text] of texts.entries()) {
      if (attempt !== 1) await page.goto('/items');
      else {
        await page.goto('/overview');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Items', exact: true }).click();
      }
      const box = page.getByLabel('Quick Search', { exact: true });
      await box.waitFor();
      await box.focus();
      await page.keyboard.insertText(text);
      // The list searches once typing pauses; a wiped box never puts the text in the address.
      await page.waitForURL((url) => url.searchParams.get('search') === text, { timeout: 15_000 }).catch(() => {});
      kept.push(await box.inputValue());
    }
    expect(kept).toEqual(texts);
    await page.context().close();
  });

  for (const viewport of [laptop, phone]) {
    it(`offers an item by its name first at ${viewport.width}`, { timeout: 120_000 }, async () => {
      const page = await app.newPage(viewport);
      await signIn(page, 'admin@spectacle.test');
      await page.goto('/invoices/create');
      const item = page.getByRole('combobox', { name: 'Item 1' });
      await item.click();
      await item.fill('GG0396O');
      const option = page.getByRole('listbox').getByRole('option').first();
      await option.waitFor();
      expect(await option.innerText()).toMatch(/^Gucci GG0396O .+ · GG-0396O-002$/);
      const box = await option.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await page.context().close();
    });
  }
});
