import { Button, Flex, Heading, HStack, IconButton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuGlasses, LuMenu } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { signOut } from '../auth/session.ts';
import { NotificationsButton, UserButton } from './top-bar-buttons.tsx';

// onOpenNavigation is given on narrow screens, where the sidebar lives in a drawer.
export type TopBarProps = { userName: string; businessName: string | null; onOpenNavigation?: () => void };

// The menus' behaviour (positioning, focus, keyboard) loads just after the first paint; until then their buttons
// show without it.
const NotificationsMenu = lazy(async () => ({ default: (await import('./top-bar-menus.tsx')).NotificationsMenu }));
const UserMenu = lazy(async () => ({ default: (await import('./top-bar-menus.tsx')).UserMenu }));
// A cashier's drawer (docs/domain/cash.md): loaded after the first paint, like the menus.
const DrawerStatus = lazy(async () => ({ default: (await import('../areas/cash/drawer-status.tsx')).DrawerStatus }));

export function TopBar({ userName, businessName, onOpenNavigation }: TopBarProps) {
  const location = useLocation();
  // The screen goes back to where the user was once the password is changed.
  const back = `${location.pathname}${location.search}${location.hash}`;
  const changePasswordPath =
    location.pathname === '/change-password' ? back : `/change-password?redirect=${encodeURIComponent(back)}`;
  return (
    <Flex
      as="header"
      align="center"
      justify="space-between"
      gap="2"
      px={{ base: '2', md: '4' }}
      h="14"
      flexShrink={0}
      borderBottomWidth="1px"
      bg="teal.700"
      color="white"
    >
      {/* The shop's name gives way (cut short with an ellipsis) before it ever runs under the buttons on the right. */}
      <HStack gap="2" minW="0" flex="1" overflow="hidden">
        {onOpenNavigation ? (
          <IconButton
            aria-label="Open menu"
            variant="ghost"
            color="white"
            _hover={{ bg: 'teal.600' }}
            onClick={onOpenNavigation}
          >
            <LuMenu />
          </IconButton>
        ) : null}
        <LuGlasses size="22" style={{ flexShrink: 0 }} data-logo="" />
        <Heading size="md" truncate minW="0">
          Spectacle Optical
        </Heading>
        {businessName ? (
          <Button
            asChild
            size="xs"
            variant="ghost"
            color="white"
            _hover={{ bg: 'teal.600' }}
            display={{ base: 'none', md: 'inline-flex' }}
          >
            <RouterLink to="/businesses/select">{businessName}</RouterLink>
          </Button>
        ) : null}
      </HStack>
      <HStack gap={{ base: '1', md: '3' }} flexShrink={0}>
        {businessName ? (
          <Suspense fallback={null}>
            <DrawerStatus />
          </Suspense>
        ) : null}
        <Suspense fallback={<NotificationsButton />}>
          <NotificationsMenu />
        </Suspense>
        <Suspense fallback={<UserButton userName={userName} />}>
          <UserMenu userName={userName} changePasswordPath={changePasswordPath} />
        </Suspense>
        <Button
          size="sm"
          variant="outline"
          color="white"
          _hover={{ bg: 'teal.600' }}
          onClick={() => signOut()}
          display={{ base: 'none', md: 'inline-flex' }}
        >
          Logout
        </Button>
      </HStack>
    </Flex>
  );
}
