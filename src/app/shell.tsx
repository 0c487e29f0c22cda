import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Breadcrumb } from './breadcrumb.tsx';
import { HashScroll } from './hash-scroll.tsx';
import { RequireSession } from './require-session.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

export function Shell() {
  return (
    <RequireSession>
      {(session) => (
        <Flex direction="column" minH="100vh">
          <TopBar userName={session.userName} businessName={session.businessName} />
          <Flex flex="1" align="stretch">
            <Box as="aside" w="60" flexShrink={0} borderRightWidth="1px" bg="bg.subtle" overflowY="auto">
              <Sidebar />
            </Box>
            <Box as="main" flex="1" minW="0" p="6">
              <Breadcrumb />
              <Suspense>
                <Outlet />
              </Suspense>
            </Box>
          </Flex>
          <HashScroll />
        </Flex>
      )}
    </RequireSession>
  );
}
