import { Box, HStack, Stack, Text } from '@chakra-ui/react';

// The lines a paper copy is signed on, one per person named under it; a document on A4 leaves more room to sign
// (`roomy`) than a slip does.
export function SignatureLines({ names, roomy = false }: { names: readonly string[]; roomy?: boolean }) {
  return (
    <HStack gap="10" pt={roomy ? '12' : '6'} align={roomy ? 'start' : undefined}>
      {names.map((name) => (
        <Stack key={name} flex="1" gap="1">
          <Box borderBottomWidth="1px" borderColor="black" h={roomy ? '10' : '6'} />
          <Text textAlign="center">{name}</Text>
        </Stack>
      ))}
    </HStack>
  );
}
