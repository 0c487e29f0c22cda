import type { RouteObject } from 'react-router-dom';

const firstSegment = (path: string) => path.replace(/^\//, '').split('/')[0] ?? '';
const matchesAnySegment = (segment: string) => segment.startsWith(':') || segment.startsWith('*');

// React Router flattens and ranks every route of the table it is given on each match, and this app has several
// hundred: on a phone's CPU that is a tenth of a second or more per navigation. A path can only match routes whose
// first segment is its own (or a parameter or `*`), so each address is matched against the small table of its first
// segment, made once per segment. The routes keep their objects and elements, so the shell stays mounted from one
// table to the next.
export function routeTable(routes: readonly RouteObject[]): (pathname: string) => RouteObject[] {
  const tables = new Map<string, RouteObject[]>();
  return (pathname) => {
    const segment = firstSegment(pathname);
    let table = tables.get(segment);
    if (!table) {
      table = routes.map((route) => (route.children ? narrowed(route, segment) : route));
      tables.set(segment, table);
    }
    return table;
  };
}

function narrowed(route: RouteObject, segment: string): RouteObject {
  const children = (route.children ?? []).filter((child) => {
    if (child.index) return segment === '';
    const own = firstSegment(child.path ?? '');
    return own === segment || matchesAnySegment(own) || own === '';
  });
  return { ...route, children } as RouteObject;
}
