import { Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { getSelectedBusinessId } from '../api/selected-business.ts';
import { signOut } from '../auth/session.ts';
import { useGate } from '../auth/use-permissions.ts';
import { NotificationsButton, UserButton } from './top-bar-buttons.tsx';

// The bell is a placeholder in this release (docs/domain/screens.md, The shell): its items are fixed.
const placeholderNotifications = [
  'Welcome to Spectacle Optical.',
  'Low-stock alerts will appear here.',
  'Document approvals will appear here.',
];

export function NotificationsMenu() {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <NotificationsButton />
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
  );
}

export function UserMenu({ userName, changePasswordPath }: { userName: string; changePasswordPath: string }) {
  const can = useGate();
  const businessId = getSelectedBusinessId();
  // The selected business's own settings (TIN, VAT registration, invoice footer), not only through the switcher.
  const settings = businessId !== null && can({ prefix: 'businesses', action: 'update' });
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <UserButton userName={userName} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {settings ? (
              <Menu.Item value="business-settings" asChild>
                <RouterLink to={`/businesses/${businessId}/edit`}>Business settings</RouterLink>
              </Menu.Item>
            ) : null}
            <Menu.Item value="change-password" asChild>
              <RouterLink to={changePasswordPath}>Change password</RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" onSelect={() => signOut()}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
