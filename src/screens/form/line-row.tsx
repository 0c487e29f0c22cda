import { Field, IconButton, Input, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { type FieldError, get, useFormContext, useWatch } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import type { Item } from '../../../generated/model/index.ts';
import { formatMoney } from '../../format/money.ts';
import type { LineField, LinePricing } from '../../resources/resource.ts';
import { labelKey, lineColumn, lineKeys } from './form-values.ts';
import { ItemPicker, itemLabel } from './item-picker.tsx';
import { lineFigures, tierDiscount, toPesos } from './line-amounts.ts';
import { defaultLinePrice } from './line-prices.ts';
import { numberStep, toNumberOrNull, toNumberOrUndefined } from './number-value.ts';
import { RelationInput } from './relation-input.tsx';

export type LineRowProps = {
  name: string;
  index: number;
  columns: readonly LineField[];
  pricing: LinePricing | undefined;
  showAmount: boolean;
  onRemove: () => void;
};

type PriceNote = 'looking' | 'none' | null;

// One document line: picking an item fills its unit, price and discount; the quantity picks the discount tier
// until the user types a discount of their own.
export function LineRow({ name, index, columns, pricing, showAmount, onRemove }: LineRowProps) {
  const { register, formState, getValues, setValue } = useFormContext();
  const row = `${name}.${index}`;
  const line: Record<string, unknown> = useWatch({ name: row }) ?? {};
  const [priceNote, setPriceNote] = useState<PriceNote>(null);
  const priceColumn = lineColumn(columns, 'money');
  const discountColumn = lineColumn(columns, 'percent');
  const quantityColumn = lineColumn(columns, 'quantity');
  const unitColumn = columns.find((column) => column.kind === 'unit');

  const applyTier = (quantity: unknown) => {
    if (!discountColumn || getValues(`${row}.${lineKeys.discountTyped}`) === true) return;
    const tiers = getValues(`${row}.${lineKeys.tiers}`);
    setValue(`${row}.${discountColumn}`, tierDiscount(Array.isArray(tiers) ? tiers : [], quantity));
  };

  const pick = async (itemColumn: string, item: Item | null) => {
    setValue(`${row}.${itemColumn}`, item?.id ?? null, { shouldValidate: formState.isSubmitted });
    setValue(`${row}.${labelKey(itemColumn)}`, item ? itemLabel(item) : '');
    setPriceNote(null);
    if (!item) return;
    if (unitColumn) {
      setValue(`${row}.${unitColumn.name}`, item.unit_of_measurement_id);
      setValue(`${row}.${labelKey(unitColumn.name)}`, item.unit_of_measurement_name ?? '');
    }
    if (!pricing) return;
    setValue(`${row}.${lineKeys.tiers}`, pricing.side === 'purchase' ? item.purchase_discounts : item.sale_discounts);
    applyTier(quantityColumn ? getValues(`${row}.${quantityColumn}`) : null);
    if (!priceColumn) return;
    const date: unknown = getValues(pricing.dateField);
    const party: unknown = getValues(pricing.side === 'purchase' ? 'contact_id' : 'branch_id');
    if (typeof date !== 'string' || date === '') return;
    setPriceNote('looking');
    const price = await defaultLinePrice({
      side: pricing.side,
      itemId: item.id,
      date,
      partyId: typeof party === 'number' ? party : null,
    }).catch(() => null);
    // The user may have picked another item meanwhile: only the answer for the item still chosen counts.
    if (getValues(`${row}.${itemColumn}`) !== item.id) return;
    setPriceNote(price === null ? 'none' : null);
    if (price !== null) setValue(`${row}.${priceColumn}`, price, { shouldValidate: formState.isSubmitted });
  };

  const cellError = (column: string): FieldError | undefined => get(formState.errors, `${row}.${column}`);
  const rowError: FieldError | undefined = get(formState.errors, row);

  return (
    <Table.Row>
      {columns.map((column, position) => {
        const path = `${row}.${column.name}`;
        const error = cellError(column.name);
        const label = `${column.label} ${index + 1}`;
        return (
          <Table.Cell
            key={column.name}
            minW={column.kind === 'item' ? '64' : column.kind === 'unit' ? '40' : '28'}
            verticalAlign="top"
          >
            <Field.Root invalid={Boolean(error)}>
              <Field.Label srOnly>{label}</Field.Label>
              {column.kind === 'item' ? (
                <ItemPicker name={path} invalid={Boolean(error)} onPick={(item) => void pick(column.name, item)} />
              ) : column.kind === 'unit' ? (
                <RelationInput name={path} resource="unit-of-measurements" invalid={Boolean(error)} />
              ) : column.kind === 'id' ? (
                <Text py="2">{String(line[lineKeys.label] || `#${String(line[column.name] ?? '')}`)}</Text>
              ) : (
                <Input
                  type="number"
                  step={numberStep[column.kind]}
                  placeholder={column.kind === 'money' && pricing ? 'Price list' : undefined}
                  {...register(path, {
                    setValueAs: column.kind === 'money' ? toNumberOrUndefined : toNumberOrNull,
                    onChange: (event: { target: { value: string } }) => {
                      if (column.kind === 'quantity') applyTier(toNumberOrNull(event.target.value));
                      if (column.kind === 'percent') {
                        setValue(`${row}.${lineKeys.discountTyped}`, event.target.value !== '');
                      }
                    },
                  })}
                />
              )}
              {column.kind === 'money' && priceNote ? (
                <Field.HelperText>
                  {priceNote === 'looking' ? 'Looking up the price…' : 'No price on file for this date.'}
                </Field.HelperText>
              ) : null}
              {error?.message ? <Field.ErrorText>{error.message}</Field.ErrorText> : null}
              {position === 0 && rowError?.message ? <Field.ErrorText>{rowError.message}</Field.ErrorText> : null}
            </Field.Root>
          </Table.Cell>
        );
      })}
      {showAmount && priceColumn ? (
        <Table.Cell verticalAlign="top" textAlign="end">
          <Text py="2" aria-label={`Amount ${index + 1}`}>
            {formatMoney(
              toPesos(
                lineFigures(
                  quantityColumn ? line[quantityColumn] : null,
                  line[priceColumn],
                  discountColumn ? line[discountColumn] : null,
                ).amount,
              ),
            )}
          </Text>
        </Table.Cell>
      ) : null}
      <Table.Cell verticalAlign="top">
        <IconButton aria-label={`Remove line ${index + 1}`} variant="ghost" onClick={onRemove}>
          <LuTrash2 />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}
