import { Box, HStack, Spinner, Text } from '@chakra-ui/react';

export type Suggestion = { key: string; label: string };

export type SuggestionListProps = {
  id: string;
  suggestions: readonly Suggestion[];
  loading: boolean;
  emptyText: string;
  onPick: (key: string) => void;
};

export function SuggestionList({ id, suggestions, loading, emptyText, onPick }: SuggestionListProps) {
  return (
    <Box
      id={id}
      role="listbox"
      position="absolute"
      zIndex="dropdown"
      top="100%"
      insetX="0"
      mt="1"
      maxH="64"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      shadow="md"
    >
      {loading ? (
        <HStack px="3" py="2" gap="2">
          <Spinner size="sm" />
          <Text textStyle="sm">Searching…</Text>
        </HStack>
      ) : suggestions.length === 0 ? (
        <Text px="3" py="2" textStyle="sm" color="fg.muted">
          {emptyText}
        </Text>
      ) : (
        suggestions.map((suggestion) => (
          <Box
            key={suggestion.key}
            role="option"
            aria-selected={false}
            px="3"
            py="2"
            textStyle="sm"
            cursor="pointer"
            _hover={{ bg: 'bg.muted' }}
            // mousedown runs before the input's blur, so the pick is not lost to the closing dropdown
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(suggestion.key);
            }}
          >
            {suggestion.label}
          </Box>
        ))
      )}
    </Box>
  );
}
