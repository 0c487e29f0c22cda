import { Badge, Box, Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuWallet } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { getGetMyCashSessionQueryKey, getMyCashSession } from '../../../generated/hooks/cash-sessions/cash-sessions.ts';
import { useGate } from '../../auth/use-permissions.ts';

// docs/domain/cash.md, The business setting: the top bar tells a cashier their drawer is open, or, when the business
// takes cash only into an open drawer, that it is not. Nothing for a user who keeps no drawer. On a phone the button
// shows its icon alone (its name stays for a screen reader), so that the shop's name and the bell keep their room.
export function DrawerStatus() {
  const can = useGate();
  const keepsDrawer = can({ prefix: 'cash-sessions', action: 'create' });
  const mine = useQuery({
    queryKey: getGetMyCashSessionQueryKey(),
    queryFn: ({ signal }) => getMyCashSession(undefined, undefined, signal),
    enabled: keepsDrawer,
    staleTime: 30_000,
  });
  if (!keepsDrawer || !mine.data) return null;
  const { session, required } = mine.data;
  if (session) {
    return (
      <Button asChild size="xs" variant="subtle" colorPalette="green">
        <RouterLink to={`/cash-sessions/${session.id}`} aria-label="Drawer open: view your cash session">
          <LuWallet />{' '}
          <Box as="span" display={{ base: 'none', sm: 'inline' }}>
            Drawer open
          </Box>
        </RouterLink>
      </Button>
    );
  }
  if (!required) return null;
  return (
    <Button asChild size="xs" variant="solid" colorPalette="orange">
      <RouterLink to="/cash-sessions/create" aria-label="No drawer open: open a cash session">
        <LuWallet />{' '}
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          No drawer open
        </Box>
        <Badge colorPalette="orange" variant="surface" display={{ base: 'none', md: 'inline-flex' }}>
          required for cash
        </Badge>
      </RouterLink>
    </Button>
  );
}
