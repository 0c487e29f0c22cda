import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuSearchX, LuShieldOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

export type RefusalProps = {
  // What the screen would have shown: one sentence, in the same voice on every screen.
  sentence: string;
  kind: 'forbidden' | 'missing';
  back: { to: string; label: string };
};

// Instead of an empty table or an empty form: why nothing is shown, and the way back.
export function Refusal({ sentence, kind, back }: RefusalProps) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>{kind === 'forbidden' ? <LuShieldOff /> : <LuSearchX />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title role="alert">{sentence}</EmptyState.Title>
        </VStack>
        <Button asChild variant="outline">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
