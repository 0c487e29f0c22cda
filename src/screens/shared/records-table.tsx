import { Table } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSeesCosts } from '../../auth/use-permissions.ts';
import { type Column, columnValue, readableColumns } from '../../resources/resource.ts';
import { TableScrollArea } from '../../ui/table-scroll-area.tsx';
import { ValueText } from './value-text.tsx';

export type RecordsTableProps = {
  caption: string;
  columns: readonly Column[];
  rows: readonly Record<string, unknown>[];
};

// A read-only table of nested rows: a document's lines, a stock's movements.
export function RecordsTable({ caption, columns: declared, rows }: RecordsTableProps) {
  const columns = readableColumns(declared, useSeesCosts());
  return (
    <TableScrollArea label={caption}>
      <Table.Root size="sm" striped>
        <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.field}>{column.label}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={typeof row.id === 'number' ? row.id : index}>
              {columns.map((column) => (
                <Table.Cell key={column.field}>
                  {column.href ? (
                    <RouterLink to={column.href(row)} style={{ textDecoration: 'underline' }}>
                      <ValueText value={columnValue(row, column)} kind={column.kind} />
                    </RouterLink>
                  ) : (
                    <ValueText value={columnValue(row, column)} kind={column.kind} />
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}
