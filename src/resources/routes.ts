import { resourceByKey, resources } from './registry.ts';
import type { ResourceDefinition, ScreenAction } from './resource.ts';

export type RouteAction = ScreenAction | string;

// Every client route (docs/domain/screens.md, Routes) has a name of the form resource.action.
export type NamedRoute = {
  name: string;
  path: string;
  resource: ResourceDefinition | null;
  action: RouteAction;
  // A create route that starts from another record (`/invoices/create/from-job-order/{job_order_id}`).
  prefillSegment?: string;
};

export function resourceRoutes(resource: ResourceDefinition): NamedRoute[] {
  const base = `/${resource.key}`;
  const route = (action: RouteAction, path: string): NamedRoute => ({
    name: `${resource.key}.${action}`,
    path,
    resource,
    action,
  });
  const routes = [route('index', base)];
  if (resource.screens !== 'read-only') {
    routes.push(route('create', resource.createParam ? `${base}/create/:${resource.createParam}?` : `${base}/create`));
  }
  for (const prefill of resource.prefillRoutes ?? []) {
    routes.push({
      ...route('create', `${base}/create/${prefill.segment}/:${prefill.param}`),
      name: `${resource.key}.create-${prefill.segment}`,
      prefillSegment: prefill.segment,
    });
  }
  if (resource.importing) routes.push(route('import', `${base}/import`));
  if (resource.printsLabels) routes.push(route('labels', `${base}/labels`));
  routes.push(route('view', `${base}/:id`));
  if (resource.screens === 'full') routes.push(route('edit', `${base}/:id/edit`));
  for (const extra of resource.extraActions ?? []) routes.push(route(extra.action, `${base}/:id/${extra.action}`));
  return routes;
}

let everyNamedRoute: readonly NamedRoute[] | undefined;

// Built on first use: the client list is handed in by the app (src/app/definitions.ts) after this module loads.
export function namedRoutes(): readonly NamedRoute[] {
  everyNamedRoute ??= [
    { name: 'overview.index', path: '/overview', resource: null, action: 'index' },
    { name: 'businesses.select', path: '/businesses/select', resource: resourceByKey('businesses'), action: 'select' },
    ...resources.flatMap(resourceRoutes),
  ];
  return everyNamedRoute;
}

export type RouteParams = Record<string, string | number | undefined>;

// Fills a path template (`/bills/create/:purchase_order_id?`); an optional parameter without a value is left out.
export function fillPath(template: string, params: RouteParams): string {
  return template
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`Missing route parameter ${key} for ${template}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment) => segment !== null)
    .join('/');
}

// Turns a redirect_to route name plus query values into a URL: values that fill the path's parameters go there,
// the others are passed along as the query string (docs/domain/screens.md, After saving).
export function pathForName(name: string, values: Record<string, string>): string | null {
  const route = namedRoutes().find((candidate) => candidate.name === name);
  if (!route) return null;
  const used = new Set(
    route.path
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => segment.replace(/^:/, '').replace(/\?$/, '')),
  );
  try {
    const path = fillPath(route.path, values);
    const rest = new URLSearchParams(Object.entries(values).filter(([key]) => !used.has(key)));
    const query = rest.toString();
    return query ? `${path}?${query}` : path;
  } catch {
    return null;
  }
}

export const listPath = (resource: ResourceDefinition) => `/${resource.key}`;
export const createPath = (resource: ResourceDefinition) => `/${resource.key}/create`;
export const viewPath = (resource: ResourceDefinition, id: number | string) => `/${resource.key}/${id}`;
export const importPath = (resource: ResourceDefinition) => `/${resource.key}/import`;
export const editPath = (resource: ResourceDefinition, id: number | string) => `/${resource.key}/${id}/edit`;
