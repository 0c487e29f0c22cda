import { type ComponentType, lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ownerReports } from '../areas/reports/owner-reports.ts';
import { resourceByKey } from '../resources/registry.ts';
import { type NamedRoute, namedRoutes } from '../resources/routes.ts';
import { loadFullSystem } from '../ui/system.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import './definitions.ts';
import type { RouteHandle } from './route-handle.ts';
import { type PreloadHandle, setPreloadRoutes } from './route-preload.ts';
import { Shell } from './shell.tsx';

type ScreenLoader = () => Promise<ComponentType>;

// Screens use components whose styles come with the full design system: each screen loads both at once, when its
// route is first visited or preloaded (route-preload.ts), whichever comes first.
function lazyScreen(load: ScreenLoader): { Screen: ComponentType; preload: () => Promise<unknown> } {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), loadFullSystem()]).then(
      ([Screen]) => ({ default: Screen }),
      (error: unknown) => {
        // A failed fetch (the phone lost its signal) is tried again on the next visit.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { Screen: lazy(preload), preload };
}

// A screen inside the shell, under its breadcrumb; the two come and go together.
function shellScreen(handle: RouteHandle | null, load: ScreenLoader): { element: ReactNode; handle: PreloadHandle } {
  const { Screen, preload } = lazyScreen(load);
  return {
    element: (
      <>
        {handle ? <Breadcrumb handle={handle} /> : null}
        <Screen />
      </>
    ),
    handle: { preload },
  };
}

function handleOf(route: NamedRoute): RouteHandle {
  return { name: route.name, resource: route.resource, action: route.action };
}

// The screen of each named route, with its resource's generated code.
function screenOf(route: NamedRoute): ScreenLoader {
  const resource = route.resource;
  if (route.name === 'overview.index')
    return async () => (await import('../areas/reports/overview.tsx')).OverviewScreen;
  if (route.name === 'businesses.select') {
    return async () => (await import('../screens/business-select.tsx')).BusinessSelectScreen;
  }
  if (route.name === 'roles.assign-permissions') {
    return async () => (await import('../areas/management/assign/assign-permissions.tsx')).AssignPermissionsScreen;
  }
  if (route.name === 'contacts.statement') {
    return async () => (await import('../areas/management/contact-statement.tsx')).ContactStatementScreen;
  }
  if (route.name === 'users.assign-roles') {
    return async () => (await import('../areas/management/assign/assign-roles.tsx')).AssignRolesScreen;
  }
  if (!resource) throw new Error(`No screen for route ${route.name}`);
  switch (route.action) {
    case 'index':
      return async () => {
        const [{ ListScreen }, api] = await Promise.all([import('../screens/list/list-screen.tsx'), resource.load()]);
        return () => <ListScreen resource={resource} api={api} />;
      };
    case 'view':
      return async () => {
        const [{ ViewScreen }, api] = await Promise.all([import('../screens/view/view-screen.tsx'), resource.load()]);
        return () => <ViewScreen resource={resource} api={api} />;
      };
    case 'create':
    case 'edit': {
      const mode = route.action;
      return async () => {
        const [{ FormScreen }, api] = await Promise.all([import('../screens/form/form-screen.tsx'), resource.load()]);
        return () => (
          <FormScreen
            key={route.name}
            resource={resource}
            api={api}
            mode={mode}
            prefillSegment={route.prefillSegment}
          />
        );
      };
    }
    case 'import':
      return async () => {
        const [{ ImportScreen }, api] = await Promise.all([
          import('../screens/import/import-screen.tsx'),
          resource.load(),
        ]);
        return () => <ImportScreen resource={resource} api={api} />;
      };
    case 'labels':
      return async () => (await import('../areas/inventory/labels/labels-screen.tsx')).LabelsScreen;
    default:
      throw new Error(`No screen for route ${route.name}`);
  }
}

const named = (name: string, action: string): RouteHandle => ({ name, resource: null, action });

// Built once per app: each route's lazy screen is made here and kept.
export function appRoutes(): RouteObject[] {
  const signIn = lazyScreen(async () => (await import('../screens/sign-in.tsx')).SignInScreen);
  const routes: RouteObject[] = [
    { path: '/sign-in', element: <signIn.Screen />, handle: { preload: signIn.preload } },
    {
      path: '/',
      element: <Shell />,
      children: [
        {
          index: true,
          ...shellScreen(
            named('overview.index', 'index'),
            async () => (await import('../areas/reports/overview.tsx')).OverviewScreen,
          ),
        },
        {
          path: 'items/power-grid',
          ...shellScreen(
            named('items.power-grid', 'Power Grid'),
            async () => (await import('../areas/inventory/lenses/power-grid-screen.tsx')).PowerGridScreen,
          ),
        },
        {
          path: 'z-readings/x-reading',
          ...shellScreen(
            named('z-readings.x-reading', 'X-Reading'),
            async () => (await import('../areas/cash/z-reading-panel.tsx')).DayXReadingScreen,
          ),
        },
        {
          path: 'e-journal',
          ...shellScreen(
            named('e-journal', 'E-Journal'),
            async () => (await import('../areas/cash/e-journal-screen.tsx')).EJournalScreen,
          ),
        },
        {
          path: 'invoices/:id/exchange',
          ...shellScreen(
            { name: 'invoices.exchange', resource: resourceByKey('invoices'), action: 'Exchange' },
            async () => (await import('../areas/sales/invoice-exchange-screen.tsx')).InvoiceExchangeScreen,
          ),
        },
        ...namedRoutes().map((route) => ({
          path: route.path.slice(1),
          ...shellScreen(handleOf(route), screenOf(route)),
        })),
        {
          path: 'reports/daily-sales',
          ...shellScreen(
            named('reports.daily-sales', 'Daily Sales'),
            async () => (await import('../areas/reports/daily-sales-screen.tsx')).DailySalesScreen,
          ),
        },
        ...ownerReports.map((report) => ({
          path: `reports/${report.key}`,
          ...shellScreen(named(`reports.${report.key}`, report.label), async () => {
            const { OwnerReportScreen } = await import('../areas/reports/owner-report-screen.tsx');
            return () => <OwnerReportScreen reportKey={report.key} />;
          }),
        })),
        {
          path: 'change-password',
          ...shellScreen(
            named('auth.change-password', 'change-password'),
            async () => (await import('../screens/change-password.tsx')).ChangePasswordScreen,
          ),
        },
        {
          path: '*',
          ...shellScreen(null, async () => (await import('../screens/not-found.tsx')).NotFoundScreen),
        },
      ],
    },
  ];
  setPreloadRoutes(routes);
  return routes;
}
