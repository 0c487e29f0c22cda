import { DataList, Table } from '@chakra-ui/react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type FieldError, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { documentFigures, lineFigures, toPesos } from '../../../format/line-amounts.ts';
import { formatMoney } from '../../../format/money.ts';
import type { LineAmounts, LineField, LinePricing } from '../../../resources/resource.ts';
import { stickyEnd } from '../../../ui/sticky-end.ts';
import { emptyLine, lineColumn } from '../form-values.ts';
import { RowsFooter } from '../rows-footer.tsx';
import { useLinesFollowPricing } from './line-pricing.ts';
import { LineRow } from './line-row.tsx';

// Below 768 px each line stacks: the item on a row of its own, then quantity, price, discount and amount two to a
// row, each under its column's name (data-label), so that every field and the amount stay in view on a phone.
const stackedOnPhones = {
  '@media (max-width: 767.98px)': {
    '& thead': { display: 'none' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      columnGap: '2',
      paddingBlock: '2',
      borderBottomWidth: '1px',
    },
    '& tbody td': { display: 'block', minWidth: '0', borderBottomWidth: '0' },
    '& tbody td:first-of-type': { gridColumn: '1 / -1' },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'xs',
      color: 'fg.muted',
    },
  },
} as const;

export type LineEditorProps = {
  name: string;
  columns: readonly LineField[];
  pricing: LinePricing | undefined;
  useLineAmounts?: LineAmounts | undefined;
};

const noLineAmounts: LineAmounts = () => [];

// The one editor of a document's lines, for every document form: rows of item, unit, quantity, price and
// discount, each with its amount, and the document's totals under them.
export function LineEditor({ name, columns, pricing, useLineAmounts = noLineAmounts }: LineEditorProps) {
  const { control, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  useLinesFollowPricing(name, columns, pricing);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusLine = useRef<number | null>(null);
  const focusFirstField = (index: number) =>
    body.current?.rows[index]?.querySelector<HTMLElement>('input, select')?.focus();
  // The line Enter added gets the focus once it is on the screen (it renders after the append).
  useEffect(() => {
    const index = focusLine.current;
    if (index === null || index >= fields.length) return;
    focusLine.current = null;
    focusFirstField(index);
  });
  // Enter in a field of a line (not in an open picker, which takes Enter to pick) goes to the next line's first
  // field, adding a line after the last one, instead of submitting the form: the counter types line after line.
  const onLineKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.tagName !== 'INPUT' && target.tagName !== 'SELECT') return;
    const row = target.closest('tr');
    const index = row && body.current ? Array.from(body.current.rows).indexOf(row) : -1;
    if (index < 0) return;
    event.preventDefault();
    if (index + 1 < fields.length) {
      focusFirstField(index + 1);
      return;
    }
    focusLine.current = index + 1;
    append(emptyLine(columns), { shouldFocus: false });
  };
  const lines: unknown = useWatch({ name });
  const typed = Array.isArray(lines) ? (lines as Record<string, unknown>[]) : [];
  // A definition that works out its lines' amounts itself (a credit memo's, from its invoice's lines).
  const amounts = useLineAmounts(typed);
  const ownAmounts = useLineAmounts !== noLineAmounts;
  const arrayError: FieldError | undefined = get(formState.errors, name);
  const priceColumn = lineColumn(columns, 'money');
  const quantityColumn = lineColumn(columns, 'quantity');
  const discountColumn = lineColumn(columns, 'percent');
  const figures = documentFigures(
    typed.map((line, index) => {
      if (ownAmounts) {
        const amount = amounts[index] ?? 0;
        return { gross: amount, discount: 0, amount };
      }
      return lineFigures(
        quantityColumn ? line[quantityColumn] : null,
        priceColumn ? line[priceColumn] : null,
        discountColumn ? line[discountColumn] : null,
      );
    }),
  );
  // Lines that carry no price (stock movements) have no amounts to show. A sale's totals are its VAT breakdown's
  // (its SC/PWD section): a total here would not know the special discount and would name a second "Total".
  const priced = priceColumn !== undefined;
  const totalled = priced && pricing?.side !== 'sale';
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md" w="full">
        <Table.Root size="sm" css={stackedOnPhones}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.name}>{column.label}</Table.ColumnHeader>
              ))}
              {priced ? <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader> : null}
              <Table.ColumnHeader w="12" {...stickyEnd} />
            </Table.Row>
          </Table.Header>
          <Table.Body ref={body} onKeyDown={onLineKeyDown}>
            {fields.map((row, index) => (
              <LineRow
                key={row.id}
                name={name}
                index={index}
                columns={columns}
                pricing={pricing}
                showAmount={priced}
                amount={ownAmounts ? (amounts[index] ?? null) : undefined}
                onRemove={() => remove(index)}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <RowsFooter
        error={arrayError?.message}
        addLabel="Add line"
        onAdd={() => {
          // The new line's first field (its item picker) takes the focus, as after Enter in the last line.
          focusLine.current = fields.length;
          append(emptyLine(columns), { shouldFocus: false });
        }}
      />
      {totalled ? (
        <DataList.Root orientation="horizontal" alignSelf="end" size="sm" aria-label="Totals">
          <DataList.Item>
            <DataList.ItemLabel>Subtotal</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="end">{formatMoney(toPesos(figures.subtotal))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Discount</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="end">{formatMoney(toPesos(figures.discount))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel fontWeight="semibold">Total</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="end" fontWeight="semibold">
              {formatMoney(toPesos(figures.total))}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      ) : null}
    </>
  );
}
