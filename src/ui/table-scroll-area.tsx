import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type TableScrollAreaProps = {
  // What the region holds, read out when the keyboard reaches it (usually the table's own name).
  label: string;
  // Framed by a border of its own, or standing inside a card that frames it.
  framed?: boolean;
  children: ReactNode;
};

// A table too wide for the screen scrolls sideways inside this region; the region takes the keyboard's focus and
// has a name, so that arrow keys scroll it and a screen reader says what it is.
export function TableScrollArea({ label, framed = true, children }: TableScrollAreaProps) {
  return (
    <Table.ScrollArea
      {...(framed ? { borderWidth: '1px', rounded: 'md' } : {})}
      tabIndex={0}
      role="region"
      aria-label={label}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      {children}
    </Table.ScrollArea>
  );
}
