import { Button, Flex, Heading, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { LuBell, LuGlasses } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { signOut } from '../auth/session.ts';

export type TopBarProps = { userName: string; businessName: string | null };

// The bell is a placeholder in this release (SPEC section 1): its items are fixed.
const placeholderNotifications = [
  'Welcome to Spectacle Optical.',
  'Low-stock alerts will appear here.',
  'Document approvals will appear here.',
];

export function TopBar({ userName, businessName }: TopBarProps) {
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
        <Text fontWeight="medium">{userName}</Text>
        <Button size="sm" variant="outline" color="white" _hover={{ bg: 'teal.600' }} onClick={() => signOut()}>
          Logout
        </Button>
      </HStack>
    </Flex>
  );
}
