import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPurchaseOrder } from '../../../generated/hooks/purchase-orders/purchase-orders.ts';
import { businessDayIso } from '../../format/date.ts';
import { formatQuantity } from '../../format/quantity.ts';
import { steadyNumber, toNumberOrNull } from '../../screens/form/number-value.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { SupplierPicker } from '../../screens/shared/supplier-picker.tsx';
import type { RemoteOption } from '../../ui/remote-select.tsx';
import { TableHeadings } from '../../ui/striped-table.tsx';
import { toaster } from '../../ui/toaster.tsx';

export type ChosenRow = { item_id: number; code: string; name: string; suggested_quantity: number };

// The items of a refusal whose line has no unit cost (`lines.2.unit_cost`): the supplier has no price for them.
function unpricedItems(error: unknown, lines: readonly ChosenRow[]): ChosenRow[] {
  const errors = validationErrors(error) ?? {};
  return Object.keys(errors).flatMap((key) => {
    const match = /^lines\.(\d+)\.unit_cost$/.exec(key);
    const line = match ? lines[Number(match[1])] : undefined;
    return line ? [line] : [];
  });
}

// The reorder report's way out: the chosen rows, at their suggested quantities, become one purchase order to one
// supplier at the report's location, priced at that supplier's latest purchase prices; a line's unit cost typed here
// is used instead, which is how an item the supplier has no price for is ordered. The order opens to review.
export function ReorderPurchaseOrder({
  chosen,
  location,
}: {
  chosen: readonly ChosenRow[];
  location: { branch_id?: number; warehouse_id?: number } | null;
}) {
  const navigate = useNavigate();
  const [supplier, setSupplier] = useState<RemoteOption | null>(null);
  const [saving, setSaving] = useState(false);
  const [costs, setCosts] = useState<Readonly<Record<number, string>>>({});
  const [unpriced, setUnpriced] = useState<ReadonlySet<number>>(new Set());
  const lines = chosen.filter((row) => row.suggested_quantity > 0);
  const order = async () => {
    if (!supplier || !location) return;
    setSaving(true);
    try {
      const created = await createPurchaseOrder(
        {
          contact_id: supplier.value,
          ...location,
          order_date: businessDayIso(),
          lines: lines.map((row) => {
            const cost = toNumberOrNull(costs[row.item_id] ?? '');
            return {
              item_id: row.item_id,
              quantity: row.suggested_quantity,
              ...(cost === null ? {} : { unit_cost: cost }),
            };
          }),
        },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
      toaster.create({ type: 'success', title: 'Purchase Order created successfully.' });
      navigate(`/purchase-orders/${created.id}`);
    } catch (error) {
      const missing = unpricedItems(error, lines);
      setUnpriced(new Set(missing.map((row) => row.item_id)));
      toaster.create({
        type: 'error',
        title: 'The purchase order was not created.',
        description:
          missing.length > 0
            ? `${supplier.label} has no purchase price for ${missing.map((row) => `${row.code} ${row.name}`).join(', ')}: enter the unit cost of ${missing.length === 1 ? 'that line' : 'those lines'} under Lines to order.`
            : errorMessage(error),
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="3" data-no-print="">
      <HStack gap="3" align="end" wrap="wrap">
        <SupplierPicker id="reorder-supplier" room={{ w: 'xs' }} value={supplier} onChange={setSupplier} />
        <Button
          colorPalette="teal"
          disabled={!supplier || !location || lines.length === 0}
          loading={saving}
          onClick={() => void order()}
        >
          Create Purchase Order ({lines.length})
        </Button>
        {location ? null : <Text color="fg.muted">Choose a location to order for.</Text>}
      </HStack>
      {lines.length > 0 ? (
        <Table.Root size="sm" maxW="3xl">
          <Table.Caption captionSide="top" textAlign="start">
            Lines to order: a unit cost left empty is the supplier's latest purchase price.
          </Table.Caption>
          <TableHeadings headings={['Code', 'Item', { label: 'Quantity', end: true }, 'Unit Cost']} />
          <Table.Body>
            {lines.map((row) => (
              <Table.Row key={row.item_id}>
                <Table.Cell>{row.code}</Table.Cell>
                <Table.Cell>{row.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatQuantity(row.suggested_quantity)}</Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={unpriced.has(row.item_id)}>
                    <Input
                      type="number"
                      step="0.01"
                      size="sm"
                      maxW="36"
                      placeholder="Price list"
                      aria-label={`Unit cost of ${row.code}`}
                      {...steadyNumber}
                      value={costs[row.item_id] ?? ''}
                      onChange={(event) => {
                        const typed = event.currentTarget.value;
                        setCosts((current) => ({ ...current, [row.item_id]: typed }));
                      }}
                    />
                    {unpriced.has(row.item_id) ? (
                      <Field.ErrorText>No purchase price from this supplier: enter the unit cost.</Field.ErrorText>
                    ) : null}
                  </Field.Root>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Stack>
  );
}
