import type { RouteObject } from 'react-router-dom';
import { type NamedRoute, namedRoutes } from '../resources/routes.ts';
import { loadFullSystem } from '../ui/system.ts';
import type { RouteHandle } from './route-handle.ts';
import { Shell } from './shell.tsx';

type Lazy = NonNullable<RouteObject['lazy']>;

// Screens use components whose styles come with the full design system: each route loads both at once.
function withFullSystem(load: Lazy): Lazy {
  if (typeof load !== 'function') return load;
  return async () => (await Promise.all([load(), loadFullSystem()]))[0];
}

function handleOf(route: NamedRoute): RouteHandle {
  return { name: route.name, resource: route.resource, action: route.action };
}

// Each route loads its screen (and its resource's generated code) only when first visited.
function lazyScreen(route: NamedRoute): Lazy {
  const resource = route.resource;
  if (route.name === 'overview.index') {
    return async () => ({ Component: (await import('../screens/overview.tsx')).OverviewScreen });
  }
  if (route.name === 'businesses.select') {
    return async () => ({ Component: (await import('../screens/business-select.tsx')).BusinessSelectScreen });
  }
  if (route.name === 'roles.assign-permissions') {
    return async () => ({
      Component: (await import('../screens/assign/assign-permissions.tsx')).AssignPermissionsScreen,
    });
  }
  if (route.name === 'users.assign-roles') {
    return async () => ({ Component: (await import('../screens/assign/assign-roles.tsx')).AssignRolesScreen });
  }
  if (!resource) throw new Error(`No screen for route ${route.name}`);
  switch (route.action) {
    case 'index':
      return async () => {
        const [{ ListScreen }, api] = await Promise.all([import('../screens/list/list-screen.tsx'), resource.load()]);
        return { Component: () => <ListScreen resource={resource} api={api} /> };
      };
    case 'view':
      return async () => {
        const [{ ViewScreen }, api] = await Promise.all([import('../screens/view/view-screen.tsx'), resource.load()]);
        return { Component: () => <ViewScreen resource={resource} api={api} /> };
      };
    case 'create':
    case 'edit': {
      const mode = route.action;
      return async () => {
        const [{ FormScreen }, api] = await Promise.all([import('../screens/form/form-screen.tsx'), resource.load()]);
        return {
          Component: () => (
            <FormScreen
              key={route.name}
              resource={resource}
              api={api}
              mode={mode}
              prefillSegment={route.prefillSegment}
            />
          ),
        };
      };
    }
    case 'import':
      return async () => {
        const [{ ImportScreen }, api] = await Promise.all([
          import('../screens/import/import-screen.tsx'),
          resource.load(),
        ]);
        return { Component: () => <ImportScreen resource={resource} api={api} /> };
      };
    case 'labels':
      return async () => ({ Component: (await import('../screens/labels/labels-screen.tsx')).LabelsScreen });
    default:
      throw new Error(`No screen for route ${route.name}`);
  }
}

export function appRoutes(): RouteObject[] {
  const screens: RouteObject[] = namedRoutes.map((route) => ({
    path: route.path.slice(1),
    handle: handleOf(route),
    lazy: withFullSystem(lazyScreen(route)),
  }));
  return [
    {
      path: '/sign-in',
      handle: { name: 'auth.sign-in', resource: null, action: 'sign-in' } satisfies RouteHandle,
      lazy: withFullSystem(async () => ({ Component: (await import('../screens/sign-in.tsx')).SignInScreen })),
    },
    {
      path: '/',
      element: <Shell />,
      children: [
        {
          index: true,
          handle: { name: 'overview.index', resource: null, action: 'index' } satisfies RouteHandle,
          lazy: withFullSystem(async () => ({ Component: (await import('../screens/overview.tsx')).OverviewScreen })),
        },
        {
          path: 'items/power-grid',
          handle: { name: 'items.power-grid', resource: null, action: 'Power Grid' } satisfies RouteHandle,
          lazy: withFullSystem(async () => ({
            Component: (await import('../screens/lenses/power-grid-screen.tsx')).PowerGridScreen,
          })),
        },
        ...screens,
        {
          path: 'reports/daily-sales',
          handle: { name: 'reports.daily-sales', resource: null, action: 'Daily Sales' } satisfies RouteHandle,
          lazy: async () => ({
            Component: (await import('../screens/reports/daily-sales-screen.tsx')).DailySalesScreen,
          }),
        },
        {
          path: 'change-password',
          handle: { name: 'auth.change-password', resource: null, action: 'change-password' } satisfies RouteHandle,
          lazy: withFullSystem(async () => ({
            Component: (await import('../screens/change-password.tsx')).ChangePasswordScreen,
          })),
        },
        {
          path: '*',
          lazy: withFullSystem(async () => ({ Component: (await import('../screens/not-found.tsx')).NotFoundScreen })),
        },
      ],
    },
  ];
}
