import { matchRoutes, type RouteObject } from 'react-router-dom';
import { routeTable } from './route-table.ts';

// What a route carries so that its screen's code can be fetched before the route is drawn: at start-up for the
// address the page opened on (main.tsx), and when a sidebar link is pointed at, touched or focused.
export type PreloadHandle = { preload: () => Promise<unknown> };

let tableFor: (pathname: string) => RouteObject[] = () => [];
// The routes without parameters by their whole path, found without matching at all; the others are matched among
// the routes of their first segment (route-table.ts).
const byPath = new Map<string, unknown>();

function indexStatic(routes: RouteObject[], parent: string): void {
  for (const route of routes) {
    const path = route.index ? parent : joinPath(parent, route.path ?? '');
    if (/[:*]/.test(path)) continue;
    if (route.handle !== undefined) byPath.set(path, route.handle);
    if (route.children) indexStatic(route.children, path);
  }
}

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`.replace(/\/$/, '') || '/';

export function setPreloadRoutes(routes: RouteObject[]): void {
  tableFor = routeTable(routes);
  byPath.clear();
  indexStatic(routes, '/');
}

function isPreloadHandle(handle: unknown): handle is PreloadHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PreloadHandle).preload === 'function';
}

// Starts fetching the screen of `path` (and the design system it is drawn with); a failure is left for the route
// itself to show when it is visited.
export function preloadPath(path: string): void {
  const handle = byPath.get(path.replace(/(.)\/$/, '$1')) ?? matchRoutes(tableFor(path), path)?.at(-1)?.route.handle;
  if (isPreloadHandle(handle)) handle.preload().catch(() => undefined);
}
