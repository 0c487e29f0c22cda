import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { Sidebar } from './sidebar.tsx';

export type NavigationDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void };

// The same sidebar, from the same registry and permission rules, in a drawer for narrow screens.
export function NavigationDrawer({ open, onOpenChange }: NavigationDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Spectacle Optical</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0">
              <Sidebar />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
