import { Field, IconButton, Input, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FieldError, get, useFormContext, useWatch } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import { getPrescription } from '../../../../generated/hooks/prescriptions/prescriptions.ts';
import type { Item } from '../../../../generated/model/index.ts';
import { lineFigures, tierDiscount, toPesos } from '../../../format/line-amounts.ts';
import { formatMoney } from '../../../format/money.ts';
import { isLensFamily } from '../../../format/optical.ts';
import { formatQuantity } from '../../../format/quantity.ts';
import type { LineField, LinePricing } from '../../../resources/resource.ts';
import { ChoiceSelect } from '../../../ui/choice-select.tsx';
import { stickyEnd } from '../../../ui/sticky-end.ts';
import { errorMessage } from '../../shared/request-error.ts';
import { labelKey, lineColumn, lineKeys } from '../form-values.ts';
import { numberStep, steadyNumber, toNumberOrNull, toTextOrNull } from '../number-value.ts';
import { RelationInput } from '../relation-input.tsx';
import { ItemPicker, itemLabel } from './item-picker.tsx';
import { variantForEye } from './lens-variant.ts';
import { missingPriceMessage, priceLineFromList } from './line-pricing.ts';
import { LotInput } from './lot-input.tsx';
import { OnHand } from './on-hand.tsx';

// The item a line is about, when it has an item column (a receipt or issue line); arrival lines name a transfer
// line instead and carry their lot facts from the transfer.
function lineItemId(line: Record<string, unknown>, columns: readonly LineField[]): number | null {
  const itemColumn = columns.find((column) => column.kind === 'item');
  const value = itemColumn ? line[itemColumn.name] : null;
  return typeof value === 'number' ? value : null;
}

export type LineRowProps = {
  name: string;
  index: number;
  columns: readonly LineField[];
  pricing: LinePricing | undefined;
  showAmount: boolean;
  // The line's amount in centavos when the definition works it out (null while unknown); else quantity × price less
  // discount.
  amount?: number | null | undefined;
  onRemove: () => void;
};

// One document line: picking an item fills its unit, price and discount; the quantity picks the discount tier
// until the user types a discount of their own.
// The kind of the prescription a lens line is picked by (spectacles or contact lenses), once one is chosen.
function usePrescriptionKind(columns: readonly LineField[]): string | undefined {
  const lensColumn = columns.find((column) => column.kind === 'item' && column.lensEye);
  const field = lensColumn?.kind === 'item' ? lensColumn.lensEye?.prescriptionField : undefined;
  const prescriptionId: unknown = useWatch({ name: field ?? 'prescription_id', disabled: !field });
  const kind = useQuery({
    queryKey: ['prescription-kind', prescriptionId],
    queryFn: async () => (await getPrescription(Number(prescriptionId))).kind,
    enabled: Boolean(field) && typeof prescriptionId === 'number',
    staleTime: Number.POSITIVE_INFINITY,
  });
  return kind.data;
}

export function LineRow({ name, index, columns, pricing, showAmount, amount, onRemove }: LineRowProps) {
  const form = useFormContext();
  const { register, formState, getValues, setValue, setError, clearErrors } = form;
  const row = `${name}.${index}`;
  const line: Record<string, unknown> = useWatch({ name: row }) ?? {};
  const priceNote: unknown = line[lineKeys.priceNote];
  const priceColumn = lineColumn(columns, 'money');
  const discountColumn = lineColumn(columns, 'percent');
  const quantityColumn = lineColumn(columns, 'quantity');
  const unitColumn = columns.find((column) => column.kind === 'unit');
  const kindOfRx = usePrescriptionKind(columns);
  // The item types the line's role allows, narrowed by the prescription's kind on a lens line.
  const typesOf = (column: LineField & { kind: 'item' }) => {
    const byRole = column.itemTypes?.byRole[String(line[column.itemTypes.roleField] ?? '')];
    const eye = column.lensEye?.byRole[String(line[column.lensEye.roleField] ?? '')];
    return (eye && kindOfRx && column.lensEye?.typesByKind?.[kindOfRx]) || byRole;
  };

  const applyTier = (quantity: unknown) => {
    if (!discountColumn || getValues(`${row}.${lineKeys.discountTyped}`) === true) return;
    const tiers = getValues(`${row}.${lineKeys.tiers}`);
    setValue(`${row}.${discountColumn}`, tierDiscount(Array.isArray(tiers) ? tiers : [], quantity));
  };

  // A lens family picked for an eye stands for the variant of that eye's prescribed power.
  const pickForEye = async (column: LineField, picked: Item | null) => {
    const lensEye = column.kind === 'item' ? column.lensEye : undefined;
    const eye = lensEye?.byRole[String(getValues(`${row}.${lensEye.roleField}`) ?? '')];
    if (!lensEye || !eye || !picked || !isLensFamily(picked)) return pick(column.name, picked);
    try {
      const found = await variantForEye(picked, eye, getValues(lensEye.prescriptionField));
      if ('item' in found) return pick(column.name, found.item);
      await pick(column.name, null);
      setError(`${row}.${column.name}`, { type: 'manual', message: found.refusal });
    } catch (error) {
      setError(`${row}.${column.name}`, { type: 'manual', message: errorMessage(error) });
    }
  };

  // What the item knows of the whole document (a frame's size) goes where the form has nothing yet.
  const fillFormFrom = (item: Item, column: LineField | undefined) => {
    const fills = column?.kind === 'item' ? column.fillsForm : undefined;
    const figures: Record<string, unknown> = { ...item };
    for (const [formField, itemField] of Object.entries(fills ?? {})) {
      const known = figures[itemField];
      const held = getValues(formField);
      if (known !== null && known !== undefined && (held === null || held === undefined || held === '')) {
        setValue(formField, known, { shouldDirty: true });
      }
    }
  };

  const pick = async (itemColumn: string, item: Item | null) => {
    clearErrors(`${row}.${itemColumn}`);
    setValue(`${row}.${itemColumn}`, item?.id ?? null, { shouldValidate: formState.isSubmitted });
    setValue(`${row}.${labelKey(itemColumn)}`, item ? itemLabel(item) : '');
    setValue(`${row}.${lineKeys.priceNote}`, null);
    setValue(`${row}.${lineKeys.lotTracked}`, item ? item.is_lot_tracked : null);
    if (!item) return;
    fillFormFrom(
      item,
      columns.find((column) => column.name === itemColumn),
    );
    if (unitColumn) {
      setValue(`${row}.${unitColumn.name}`, item.unit_of_measurement_id);
      setValue(`${row}.${labelKey(unitColumn.name)}`, item.unit_of_measurement_name ?? '');
    }
    if (!pricing) return;
    setValue(`${row}.${lineKeys.tiers}`, pricing.side === 'purchase' ? item.purchase_discounts : item.sale_discounts);
    applyTier(quantityColumn ? getValues(`${row}.${quantityColumn}`) : null);
    if (!priceColumn) return;
    setValue(`${row}.${lineKeys.autoPriced}`, true);
    await priceLineFromList(form, row, itemColumn, pricing, priceColumn);
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
            data-label={column.label}
            minW={column.kind === 'item' ? '64' : column.kind === 'unit' || column.kind === 'expiry' ? '40' : '28'}
            verticalAlign="top"
          >
            <Field.Root invalid={Boolean(error)}>
              {/* A source line shows its item as text (there is nothing to fill in); a lot's input and a checkbox label
                  themselves. */}
              {column.kind === 'id' ||
              column.kind === 'lot-number' ||
              column.kind === 'expiry' ||
              column.kind === 'checkbox' ? null : (
                <Field.Label srOnly>{label}</Field.Label>
              )}
              {column.kind === 'item' ? (
                <ItemPicker
                  name={path}
                  invalid={Boolean(error)}
                  itemTypes={typesOf(column)}
                  withoutVariants={Boolean(column.lensEye?.byRole[String(line[column.lensEye.roleField] ?? '')])}
                  onPick={(item) => void pickForEye(column, item)}
                />
              ) : column.kind === 'select' ? (
                <ChoiceSelect
                  choices={column.options}
                  empty="Choose…"
                  invalid={Boolean(error)}
                  {...register(path, { setValueAs: toTextOrNull })}
                />
              ) : column.kind === 'unit' ? (
                <RelationInput name={path} resource="unit-of-measurements" invalid={Boolean(error)} />
              ) : column.kind === 'lot-number' || column.kind === 'expiry' ? (
                <LotInput
                  path={path}
                  label={label}
                  kind={column.kind}
                  lotTracked={
                    typeof line[lineKeys.lotTracked] === 'boolean' ? (line[lineKeys.lotTracked] as boolean) : null
                  }
                  itemId={lineItemId(line, columns)}
                  optional={!columns.some((other) => other.kind === 'expiry')}
                  onHand={column.onHand}
                />
              ) : column.kind === 'checkbox' ? (
                <input type="checkbox" aria-label={label} style={{ marginBlock: '0.6rem' }} {...register(path)} />
              ) : column.kind === 'id' ? (
                <Text py="2">{String(line[lineKeys.label] || `#${String(line[column.name] ?? '')}`)}</Text>
              ) : column.kind === 'text' ? (
                <Input {...register(path, { setValueAs: toTextOrNull })} />
              ) : (
                <Input
                  type="number"
                  {...steadyNumber}
                  step={numberStep[column.kind]}
                  placeholder={column.kind === 'money' && pricing ? 'Price list' : undefined}
                  {...register(path, {
                    setValueAs: toNumberOrNull,
                    onChange: (event: { target: { value: string } }) => {
                      if (column.kind === 'quantity') applyTier(toNumberOrNull(event.target.value));
                      // A price the user typed is theirs: a later change of date or party leaves it alone.
                      if (column.kind === 'money') {
                        setValue(`${row}.${lineKeys.autoPriced}`, false);
                        setValue(`${row}.${lineKeys.priceNote}`, null);
                      }
                      if (column.kind === 'percent') {
                        setValue(`${row}.${lineKeys.discountTyped}`, event.target.value !== '');
                      }
                    },
                  })}
                />
              )}
              {column.kind === 'item' && typeof line[column.name] === 'number' ? (
                <OnHand itemId={line[column.name] as number} />
              ) : null}
              {column.kind === 'quantity' ? <BeyondReceived line={line} quantityColumn={column.name} /> : null}
              {column.kind === 'money' && pricing && (priceNote === 'looking' || priceNote === 'none') ? (
                <Field.HelperText color={priceNote === 'none' ? 'fg.warning' : undefined}>
                  {priceNote === 'looking' ? 'Looking up the price…' : missingPriceMessage(pricing)}
                </Field.HelperText>
              ) : null}
              {/* A message wraps at its field's width: its length (a document number is one long word) never widens
                  the column and pushes Expiry and the remove button out of view. */}
              {error?.message ? <Field.ErrorText css={wrapsInCell}>{error.message}</Field.ErrorText> : null}
              {position === 0 && rowError?.message ? (
                <Field.ErrorText css={wrapsInCell}>{rowError.message}</Field.ErrorText>
              ) : null}
            </Field.Root>
          </Table.Cell>
        );
      })}
      {showAmount && priceColumn ? (
        <Table.Cell verticalAlign="top" textAlign="end" data-label="Amount">
          <Text py="2" aria-label={`Amount ${index + 1}`}>
            {amount === null
              ? '—'
              : formatMoney(
                  toPesos(
                    amount ??
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
      <Table.Cell verticalAlign="top" {...stickyEnd}>
        <IconButton aria-label={`Remove line ${index + 1}`} variant="ghost" onClick={onRemove}>
          <LuTrash2 />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}

const wrapsInCell = { contain: 'inline-size', whiteSpace: 'normal', overflowWrap: 'anywhere', width: '100%' } as const;

// A supplier may bill ahead of delivery, so the server takes it; the form only says so (docs/domain/purchasing.md, Bills).
// The note wraps under the quantity at the field's width: its own length never widens the column (contain), which
// would push Amount and the remove button out of view.
function BeyondReceived({ line, quantityColumn }: { line: Record<string, unknown>; quantityColumn: string }) {
  const received = line[lineKeys.receivedUnbilled];
  const quantity = line[quantityColumn];
  if (typeof received !== 'number' || typeof quantity !== 'number' || quantity <= received) return null;
  return (
    <Field.HelperText color="fg.warning" whiteSpace="normal" w="full" css={{ contain: 'inline-size' }}>
      More than received: {formatQuantity(received)} received and not yet billed.
    </Field.HelperText>
  );
}
