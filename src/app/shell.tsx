import { Box, Flex, SkipNavLink, useMediaQuery } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useGate } from '../auth/use-permissions.ts';
import { pageChanged, setToastNavigator } from '../ui/toast-navigation.ts';
import { HashScroll } from './hash-scroll.tsx';
import { RequireSession } from './require-session.tsx';
import { preloadPath } from './route-preload.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

// Below 1024 px (a tablet held upright, a phone) the sidebar would take a quarter of the width: it becomes a
// drawer opened from the top bar. Only one of the two is drawn, so the sidebar's links exist once.
const narrowQuery = '(max-width: 1023.98px)';
// Loaded only on narrow screens, where it is drawn.
const NavigationDrawer = lazy(async () => ({ default: (await import('./navigation-drawer.tsx')).NavigationDrawer }));

// The counter's screen: once the shell has drawn and the browser is idle, a user who may ring up a sale has the
// invoice form's code fetched, so that opening it later waits on nothing but its data.
const counterForm = '/invoices/create';

function PreloadCounterForm() {
  const mayInvoice = useGate()({ prefix: 'invoices', action: 'create' });
  useEffect(() => {
    // Without idle callbacks (Safari) the form loads when opened, as every other screen does.
    if (!mayInvoice || typeof window.requestIdleCallback !== 'function') return;
    const idle = window.requestIdleCallback(() => preloadPath(counterForm));
    return () => window.cancelIdleCallback(idle);
  }, [mayInvoice]);
  return null;
}

export function Shell() {
  const [narrow = false] = useMediaQuery([narrowQuery], { fallback: [false] });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    setToastNavigator(navigate);
    return () => setToastNavigator(null);
  }, [navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes whenever the route changes.
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page is counted (a saved document's toast).
  useEffect(() => pageChanged(), [location.pathname]);
  return (
    <RequireSession>
      {(session) => (
        <Flex direction="column" minH="100vh">
          {/* The first Tab stop of every page: past the top bar and the sidebar's links, straight to the screen. */}
          <SkipNavLink id="main-content">Skip to main content</SkipNavLink>
          <TopBar
            userName={session.userName}
            businessName={session.businessName}
            onOpenNavigation={narrow ? () => setDrawerOpen(true) : undefined}
          />
          <Flex flex="1" align="stretch" minW="0">
            {narrow ? (
              <Suspense>
                <NavigationDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
              </Suspense>
            ) : (
              <Box as="aside" w="60" flexShrink={0} borderRightWidth="1px" bg="bg.subtle" overflowY="auto">
                <Sidebar />
              </Box>
            )}
            <Box as="main" id="main-content" tabIndex={-1} outline="none" flex="1" minW="0" p={{ base: '3', md: '6' }}>
              <Suspense>
                <Outlet />
              </Suspense>
            </Box>
          </Flex>
          <HashScroll />
          <PreloadCounterForm />
        </Flex>
      )}
    </RequireSession>
  );
}
