import { type KeyboardEvent, useEffect, useState } from 'react';

export type ActiveOption = {
  // The highlighted option's index, or -1.
  active: number;
  setActive: (index: number) => void;
  // Handles the combobox keys on its input: arrows move, Enter picks, Escape closes.
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

// The keyboard of a combobox (WAI-ARIA pattern): ArrowDown/ArrowUp move and wrap, Enter picks the highlighted
// option, Escape closes without picking. A value picker (`choosesValue`) highlights its first option as results
// arrive, so that typing and Enter picks the best match at a busy counter, and Enter on its open list never
// submits the form around it; a free-text type-ahead highlights nothing until an arrow is pressed, so that Enter
// still submits the text as typed.
export function useActiveOption(
  count: number,
  open: boolean,
  pick: (index: number) => void,
  setOpen: (open: boolean) => void,
  choosesValue: boolean,
): ActiveOption {
  const [active, setActive] = useState(-1);
  useEffect(() => setActive(open && count > 0 && choosesValue ? 0 : -1), [count, open, choosesValue]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + count) % count);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && open) {
      if (active >= 0 && active < count) {
        event.preventDefault();
        pick(active);
      } else if (choosesValue) event.preventDefault();
      else setOpen(false);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };
  return { active, setActive, onKeyDown };
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;
