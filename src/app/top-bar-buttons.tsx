import { Button, IconButton, Text } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { LuBell, LuChevronDown } from 'react-icons/lu';

// The top bar's menu buttons, drawn at once; their menus (top-bar-menus.tsx) attach when loaded.
export const NotificationsButton = forwardRef<HTMLButtonElement>(function NotificationsButton(props, ref) {
  return (
    <IconButton
      ref={ref}
      aria-label="Notifications"
      variant="ghost"
      color="white"
      _hover={{ bg: 'teal.600' }}
      {...props}
    >
      <LuBell />
    </IconButton>
  );
});

export const UserButton = forwardRef<HTMLButtonElement, { userName: string }>(function UserButton(
  { userName, ...props },
  ref,
) {
  return (
    <Button ref={ref} variant="ghost" color="white" _hover={{ bg: 'teal.600' }} px={{ base: '1', md: '3' }} {...props}>
      <Text fontWeight="medium" truncate maxW={{ base: '24', md: '48' }}>
        {userName}
      </Text>
      <LuChevronDown />
    </Button>
  );
});
