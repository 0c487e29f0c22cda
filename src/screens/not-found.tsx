import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundScreen() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>This page does not exist.</EmptyState.Title>
          <EmptyState.Description>Check the address, or go back to the overview.</EmptyState.Description>
        </VStack>
        <Button asChild colorPalette="teal">
          <RouterLink to="/overview">Overview</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
