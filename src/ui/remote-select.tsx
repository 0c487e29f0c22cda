import { Box, CloseButton, Input, InputGroup } from '@chakra-ui/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { SuggestionList } from './suggestion-list.tsx';
import { optionId, useActiveOption } from './use-active-option.ts';
import { type RemoteSearch, useRemoteOptions } from './use-remote-options.ts';

// An option may carry the record it names, so that a choice made from answers held by another picker still hands
// the whole record on.
export type RemoteOption<R = undefined> = { value: number; label: string; record?: R };

export type RemoteSelectProps<O extends RemoteOption<unknown> = RemoteOption> = {
  value: number | null;
  label: string;
  onChange: (option: NoInfer<O> | null) => void;
  search: RemoteSearch<O>;
  // Pickers of the same search under one key share the answers they hold (use-remote-options.ts); without one a
  // picker holds its own.
  searchKey?: readonly unknown[];
  name?: string;
  id?: string;
  invalid?: boolean;
  placeholder?: string;
  // An option after the found ones that makes a new record ("New customer…"), given what was typed; `refocus`
  // puts the keyboard back on the picker afterwards, showing the choice rather than opening a new search.
  create?: { label: string; onChoose: (typed: string, refocus: () => void) => void };
  // Its list floats over the page rather than inside its box: a picker in a table's cell, whose scrolling box would
  // cut the list off (a document line's item).
  floating?: boolean;
};

// A value picker over a resource's search endpoint: shows the chosen record's name, searches as the user types.
export function RemoteSelect<O extends RemoteOption<unknown> = RemoteOption>({
  value,
  label,
  onChange,
  search,
  searchKey,
  name,
  id,
  invalid,
  placeholder,
  create,
  floating = false,
}: RemoteSelectProps<O>) {
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const { options, loading } = useRemoteOptions(search, text, open, {
    ...(searchKey ? { key: searchKey } : {}),
    textOf: (option: O) => option.label,
  });
  const shown = loading ? [] : options;
  const pick = (option: O | undefined) => {
    if (option) onChange(option);
    setOpen(false);
  };
  const input = useRef<HTMLInputElement>(null);
  const quietFocus = useRef(false);
  const refocus = () => {
    quietFocus.current = true;
    input.current?.focus();
  };
  const createKey = 'create';
  const choose = (index: number) => {
    if (create && !loading && index === shown.length) {
      setOpen(false);
      create.onChoose(text.trim(), refocus);
    } else pick(shown[index]);
  };
  const count = shown.length + (create && !loading ? 1 : 0);
  const keyboard = useActiveOption(count, open, choose, setOpen, true);
  // Escape or Delete with nothing typed clears the choice; with a search typed, Escape first closes its list and
  // keeps the choice.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const clears = (event.key === 'Escape' || event.key === 'Delete') && (!open || text === '');
    if (clears && value !== null) {
      event.preventDefault();
      event.stopPropagation();
      onChange(null);
      setText('');
      return;
    }
    keyboard.onKeyDown(event);
  };
  return (
    <Box ref={box} position="relative" w="full">
      <InputGroup
        endElement={
          // Out of the tab order: Tab after a pick goes on to the next field, not to this button, where Enter would
          // wipe the choice. The keyboard clears with Escape or Delete in the input instead.
          value !== null ? (
            <CloseButton size="xs" tabIndex={-1} aria-label="Clear selection" onClick={() => onChange(null)} />
          ) : null
        }
      >
        <Input
          ref={input}
          id={id}
          name={name}
          aria-invalid={invalid || undefined}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && keyboard.active >= 0 ? optionId(listId, keyboard.active) : undefined}
          autoComplete="off"
          placeholder={placeholder ?? 'Type to search'}
          value={open ? text : label}
          onFocus={() => {
            if (quietFocus.current) {
              quietFocus.current = false;
              return;
            }
            setText('');
            setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
      </InputGroup>
      {open ? (
        <SuggestionList
          id={listId}
          loading={loading}
          emptyText="Sorry, no matching options."
          suggestions={[
            ...shown.map((option) => ({ key: String(option.value), label: option.label })),
            ...(create && !loading ? [{ key: createKey, label: create.label }] : []),
          ]}
          activeIndex={keyboard.active}
          {...(floating ? { anchor: box } : {})}
          onPick={(key) =>
            key === createKey ? choose(shown.length) : pick(shown.find((option) => String(option.value) === key))
          }
        />
      ) : null}
    </Box>
  );
}
