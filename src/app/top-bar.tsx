import { Button, Flex, Heading, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { LuBell, LuChevronDown, LuGlasses } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { signOut } from '../auth/session.ts';

export type TopBarProps = { userName: string; businessName: string | null };

// The bell is a placeholder in this release (SPEC section 1): its items are fixed.
const placeholderNotifications = [
  'Welcome to Spectacle Optical.',
  'Low-stock alerts will appear here.',
  'Document approvals will appear here.',
];

export function TopBar({ userName, businessName }: TopBarProps) {
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
      px="4"
      h="14"
      borderBottomWidth="1px"
      bg="teal.700"
      color="white"
    >
      <HStack gap="2">
        <LuGlasses size="22" />
        <Heading size="md">Spectacle Optical</Heading>
        {businessName ? (
          <Button asChild size="xs" variant="ghost" color="white" _hover={{ bg: 'teal.600' }}>
            <RouterLink to="/businesses/select">{businessName}</RouterLink>
          </Button>
        ) : null}
      </HStack>
      <HStack gap="3">
        <Menu.Root>
          <Menu.Trigger asChild>
            <IconButton aria-label="Notifications" variant="ghost" color="white" _hover={{ bg: 'teal.600' }}>
              <LuBell />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {placeholderNotifications.map((text) => (
                  <Menu.Item key={text} value={text}>
                    {text}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button variant="ghost" color="white" _hover={{ bg: 'teal.600' }}>
              <Text fontWeight="medium">{userName}</Text>
              <LuChevronDown />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="change-password" asChild>
                  <RouterLink to={changePasswordPath}>Change password</RouterLink>
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <Button size="sm" variant="outline" color="white" _hover={{ bg: 'teal.600' }} onClick={() => signOut()}>
          Logout
        </Button>
      </HStack>
    </Flex>
  );
}
