import { Box, HStack, Portal, Spinner, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  // The box the list floats under, out of every scrolling box around it (see RemoteSelect's `floating`).
  anchor?: RefObject<HTMLElement | null>;
};

type Place = { top?: number; bottom?: number; left: number; minWidth: number; maxWidth: number; maxHeight: number };

// Where a floating list goes: under its anchor, or above it when the room below is short, as wide as the anchor at
// least and as wide as its options need within the window, so that each option reads whole.
function placeUnder(anchor: HTMLElement): Place {
  const rect = anchor.getBoundingClientRect();
  const below = window.innerHeight - rect.bottom - 8;
  const above = rect.top - 8;
  const left = Math.max(8, rect.left);
  const maxWidth = Math.max(rect.width, window.innerWidth - left - 8);
  const vertical =
    below >= 160 || below >= above
      ? { top: rect.bottom + 4, maxHeight: Math.min(256, below) }
      : { bottom: window.innerHeight - rect.top + 4, maxHeight: Math.min(256, above) };
  return { ...vertical, left, minWidth: rect.width, maxWidth };
}

function useFloatingPlace(anchor: RefObject<HTMLElement | null> | undefined): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const element = anchor?.current;
    if (!element) return;
    const follow = () => setPlace(placeUnder(element));
    follow();
    // Any scrolling box around the anchor (the lines table, the page) moves it: the list follows.
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [anchor]);
  return place;
}

export function SuggestionList({
  id,
  suggestions,
  loading,
  emptyText,
  onPick,
  activeIndex = -1,
  anchor,
}: SuggestionListProps) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (activeIndex < 0) return;
    list.current?.querySelector(`[id="${optionId(id, activeIndex)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);
  // A listbox holds options only: while searching or finding nothing it is a plain box that says so, and a screen
  // reader hears it as the combobox's live description rather than as an empty list.
  const listing = !loading && suggestions.length > 0;
  const place = useFloatingPlace(anchor);
  const shown = (
    <Box
      ref={list}
      id={id}
      role={listing ? 'listbox' : 'status'}
      {...(anchor
        ? {
            position: 'fixed',
            zIndex: 'popover',
            top: place?.top === undefined ? undefined : `${place.top}px`,
            bottom: place?.bottom === undefined ? undefined : `${place.bottom}px`,
            left: `${place?.left ?? 0}px`,
            minW: `${place?.minWidth ?? 0}px`,
            maxW: `${place?.maxWidth ?? 0}px`,
            w: 'max-content',
            maxH: `${place?.maxHeight ?? 256}px`,
          }
        : { position: 'absolute', zIndex: 'dropdown', top: '100%', insetX: '0', mt: '1', maxH: '64' })}
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
  return anchor ? <Portal>{shown}</Portal> : shown;
}
