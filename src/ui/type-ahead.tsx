import { Box, Input } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { SuggestionList } from './suggestion-list.tsx';
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

// SPEC section 7: a spinner while searching, 'No Result' when nothing matches, and the dropdown closing 250 ms
// after the input loses focus (long enough for a click on a result to land).
export function TypeAhead<T>({ value, onChange, search, toText, placeholder, name }: TypeAheadProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { options, loading } = useRemoteOptions(search, value, open);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const texts = [...new Set(options.map(toText))].slice(0, typeAheadLimit);
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
      {open && value !== '' ? (
        <SuggestionList
          id={listId}
          loading={loading}
          emptyText="No Result"
          suggestions={texts.map((text) => ({ key: text, label: text }))}
          onPick={(text) => {
            onChange(text);
            setOpen(false);
          }}
        />
      ) : null}
    </Box>
  );
}
