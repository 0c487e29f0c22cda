import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// A column's heading; `end` aligns it with figures, which read from the right.
export type TableHeading = string | { label: string; end: true };

// A table's row of headings, the one way the screens' tables write theirs ('' for a column without one).
export function TableHeadings({ headings }: { headings: readonly TableHeading[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {headings.map((heading) =>
          typeof heading === 'string' ? (
            <Table.ColumnHeader key={heading}>{heading}</Table.ColumnHeader>
          ) : (
            <Table.ColumnHeader key={heading.label} textAlign="end">
              {heading.label}
            </Table.ColumnHeader>
          ),
        )}
      </Table.Row>
    </Table.Header>
  );
}

export type StripedTableProps = {
  caption?: ReactNode;
  // The table's name for a screen reader when it has no caption.
  label?: string;
  headings: readonly TableHeading[];
  // Framed by a border of its own, or standing inside a card that frames it.
  framed?: boolean;
  // The body's rows.
  children: ReactNode;
};

// The read-only table of the screens and panels: small, striped, its caption above it, scrolling sideways by itself
// (and focusable, so that the keyboard can scroll it too).
export function StripedTable({ caption, label, headings, framed = true, children }: StripedTableProps) {
  return (
    <Table.ScrollArea {...(framed ? { borderWidth: '1px', rounded: 'md' } : {})} tabIndex={0}>
      <Table.Root size="sm" striped aria-label={label}>
        {caption === undefined ? null : (
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            {caption}
          </Table.Caption>
        )}
        <TableHeadings headings={headings} />
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
