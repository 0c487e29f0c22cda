import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { getSelectedBusinessId, setSelectedBusinessId } from '../api/selected-business.ts';
import { authUserQueryKey, businessesQueryKey, useBusinesses } from '../auth/session.ts';

// Switching business: every cached answer belonged to the old one, so all but the session are dropped.
export function BusinessSelectScreen() {
  const businesses = useBusinesses(true);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const selected = getSelectedBusinessId();
  const choose = (id: number) => {
    setSelectedBusinessId(id);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== authUserQueryKey[0] && query.queryKey[0] !== businessesQueryKey[0],
    });
    navigate('/overview');
  };
  return (
    <Stack gap="5">
      <Heading size="xl">Select Business</Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {(businesses.data ?? []).map((business) => (
          <Card.Root key={business.id} borderColor={business.id === selected ? 'teal.500' : undefined}>
            <Card.Body gap="1">
              <Card.Title>{business.name}</Card.Title>
              <Text color="fg.muted">{business.trade_name ?? business.address ?? ''}</Text>
            </Card.Body>
            <Card.Footer>
              <Button
                colorPalette="teal"
                variant={business.id === selected ? 'solid' : 'outline'}
                onClick={() => choose(business.id)}
              >
                {business.id === selected ? 'Selected' : 'Select'}
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
