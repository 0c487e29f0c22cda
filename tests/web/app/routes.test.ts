import { describe, expect, it } from 'vitest';
import { registry } from '../../../server/registry/resources.ts';
import { breadcrumbTrail } from '../../../src/app/breadcrumb-trail.ts';
import { resources } from '../../../src/app/definitions.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import { namedRoutes, pathForName } from '../../../src/resources/routes.ts';

const names = new Set(namedRoutes().map((route) => route.name));
const actionsOf = (key: string) =>
  ['index', 'create', 'view', 'edit'].filter((action) => names.has(`${key}.${action}`)).join(' ');

describe('the routes of docs/domain/screens.md', () => {
  it('has a client definition for every resource of the registry, in its order', () => {
    expect(resources.map((resource) => resource.key)).toEqual(registry.map((entry) => entry.key));
  });

  it.each([
    ['brands', 'index create view edit'],
    ['invoice-payments', 'index create view edit'],
    ['bills', 'index create view'],
    ['quotations', 'index create view'],
    ['stocks', 'index view'],
    ['stock-lots', 'index view'],
    ['permissions', 'index view'],
    ['prescriptions', 'index create view edit'],
    ['job-orders', 'index create view edit'],
    ['stock-adjustments', 'index create view'],
    ['stock-counts', 'index create view'],
    ['credit-memos', 'index create view'],
    ['debit-memos', 'index create view'],
    ['cash-sessions', 'index create view'],
    ['z-readings', 'index create view'],
  ])('%s has %s', (key, actions) => {
    expect(actionsOf(key)).toBe(actions);
  });

  it('has the extra routes and the optional prefill parameters', () => {
    const paths = namedRoutes().map((route) => route.path);
    expect(paths).toContain('/businesses/select');
    expect(paths).toContain('/roles/:id/assign-permissions');
    expect(paths).toContain('/users/:id/assign-roles');
    expect(paths).toContain('/invoices/create/from-job-order/:job_order_id');
    expect(paths).toContain('/purchase-orders/create/from-job-order/:job_order_id');
    expect(paths).toContain('/bill-payments/create/:bill_id?');
    expect(paths).toContain('/stock-transfers/create/:stock_request_id?');
    expect(paths).toContain('/items/create/:id?');
    expect(paths).toContain('/credit-memos/create/:invoice_id?');
    expect(paths).toContain('/credit-memos/create/exchange/:invoice_id');
  });

  it('resolves redirect_to names, passing the other query values along', () => {
    expect(pathForName('purchase-orders.view', { id: '4', tab: 'lines' })).toBe('/purchase-orders/4?tab=lines');
    expect(pathForName('bills.create', {})).toBe('/bills/create');
    expect(pathForName('bills.create', { purchase_order_id: '8' })).toBe('/bills/create/8');
    expect(pathForName('nowhere.index', {})).toBeNull();
  });
});

describe('the breadcrumb', () => {
  const brands = resourceByKey('brands');
  it.each([
    ['index', 'Brands > List Brands'],
    ['create', 'Brands > Create Brand'],
    ['view', 'Brands > View Brand'],
    ['edit', 'Brands > Edit Brand'],
  ])('on %s reads %s', (action, text) => {
    const trail = breadcrumbTrail({ name: `brands.${action}`, resource: brands, action });
    expect(trail.map((crumb) => crumb.label).join(' > ')).toBe(text);
    expect(trail[0]?.to).toBe('/brands');
  });

  it('shows the action alone for an extra screen', () => {
    const trail = breadcrumbTrail({
      name: 'roles.assign-permissions',
      resource: resourceByKey('roles'),
      action: 'assign-permissions',
    });
    expect(trail.map((crumb) => crumb.label)).toEqual(['Roles', 'Assign Permissions']);
  });

  it('capitalises the import screen', () => {
    const trail = breadcrumbTrail({ name: 'items.import', resource: resourceByKey('items'), action: 'import' });
    expect(trail.map((crumb) => crumb.label)).toEqual(['Items', 'Import']);
  });
});
