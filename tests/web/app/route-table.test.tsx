// @vitest-environment jsdom
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/app/route-table.ts';
import { appRoutes } from '../../../src/app/routes.tsx';
import { namedRoutes } from '../../../src/resources/routes.ts';

const routes = appRoutes();
const tableFor = routeTable(routes);
const leafOf = (table: typeof routes, path: string) => matchRoutes(table, path)?.at(-1)?.route;

// Every address the app has, each with a record number where it takes one, and a few it does not have.
const addresses = [
  '/',
  '/sign-in',
  '/change-password',
  '/reports/daily-sales',
  '/invoices/7/exchange',
  '/items/power-grid',
  '/z-readings/x-reading',
  '/nowhere',
  '/invoices/7/nowhere/else',
  ...namedRoutes().map((route) => route.path.replace(/:[^/]+/g, '7')),
];

describe('matching an address among the routes of its first segment', () => {
  it.each(addresses)('finds for %s the screen the whole route list finds', (path) => {
    const small = tableFor(path);
    expect(leafOf(small, path)).toBe(leafOf(routes, path));
    expect(leafOf(small, path)).toBeDefined();
  });

  it('matches the counter’s invoice form among a handful of routes, not the app’s hundreds', () => {
    const count = (table: typeof routes): number =>
      table.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0);
    expect(count(routes)).toBeGreaterThan(200);
    expect(count(tableFor('/invoices/create'))).toBeLessThan(20);
  });
});
