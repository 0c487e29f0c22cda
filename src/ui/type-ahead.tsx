import { Box, Input } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { SuggestionList } from './suggestion-list.tsx';
import { optionId, useActiveOption } from './use-active-option.ts';
import { type RemoteSearch, useRemoteOptions } from './use-remote-options.ts';

export const typeAheadLimit = 15;
const hideAfterBlurMs = 250;

export type TypeAheadProps<T> = {
  value: string;
  onChange: (text: string) => void;
  search: RemoteSearch<T>;
  toText: (found: T) => string;
  placeholder?: string;
  name?: string;
};

// docs/domain/screens.md, Reusable inputs: a spinner while searching, 'No Result' when nothing matches, and the
// dropdown closing 250 ms after the input loses focus (long enough for a click on a result to land).
export function TypeAhead<T>({ value, onChange, search, toText, placeholder, name }: TypeAheadProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { options, loading } = useRemoteOptions(search, value, open, { textOf: toText });
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const texts = [...new Set(options.map(toText))].slice(0, typeAheadLimit);
  const listed = open && value !== '';
  const shown = loading ? [] : texts;
  const pick = (text: string | undefined) => {
    if (text !== undefined) onChange(text);
    setOpen(false);
  };
  const keyboard = useActiveOption(shown.length, listed, (index) => pick(shown[index]), setOpen, false);
  return (
    <Box position="relative">
      <Input
        name={name}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={listed && keyboard.active >= 0 ? optionId(listId, keyboard.active) : undefined}
        onKeyDown={keyboard.onKeyDown}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = setTimeout(() => setOpen(false), hideAfterBlurMs);
        }}
      />
      {listed ? (
        <SuggestionList
          id={listId}
          loading={loading}
          emptyText="No Result"
          suggestions={shown.map((text) => ({ key: text, label: text }))}
          activeIndex={keyboard.active}
          onPick={pick}
        />
      ) : null}
    </Box>
  );
}
