import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { optionId } from './use-active-option.ts';

export type Suggestion = { key: string; label: string };

export type SuggestionListProps = {
  id: string;
  suggestions: readonly Suggestion[];
  loading: boolean;
  emptyText: string;
  onPick: (key: string) => void;
  // The option the keyboard has highlighted (see use-active-option.ts), or -1.
  activeIndex?: number;
};

export function SuggestionList({ id, suggestions, loading, emptyText, onPick, activeIndex = -1 }: SuggestionListProps) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (activeIndex < 0) return;
    list.current?.querySelector(`[id="${optionId(id, activeIndex)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);
  // A listbox holds options only: while searching or finding nothing it is a plain box that says so, and a screen
  // reader hears it as the combobox's live description rather than as an empty list.
  const listing = !loading && suggestions.length > 0;
  return (
    <Box
      ref={list}
      id={id}
      role={listing ? 'listbox' : 'status'}
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
        suggestions.map((suggestion, index) => (
          <Box
            key={suggestion.key}
            id={optionId(id, index)}
            role="option"
            aria-selected={index === activeIndex}
            px="3"
            py="2"
            textStyle="sm"
            cursor="pointer"
            _hover={{ bg: 'bg.muted' }}
            _selected={{ bg: 'teal.subtle', color: 'teal.fg', fontWeight: 'medium' }}
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
