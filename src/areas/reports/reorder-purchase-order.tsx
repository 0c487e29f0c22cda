import { Button, Field, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPurchaseOrder } from '../../../generated/hooks/purchase-orders/purchase-orders.ts';
import { businessDayIso } from '../../format/date.ts';
import { suppliers } from '../../resources/picker-searches.ts';
import { relationSearch } from '../../screens/shared/relation-search.ts';
import { errorMessage } from '../../screens/shared/request-error.ts';
import { type RemoteOption, RemoteSelect } from '../../ui/remote-select.tsx';
import { toaster } from '../../ui/toaster.tsx';

type ChosenRow = { item_id: number; suggested_quantity: number };

const supplierSearch = relationSearch('contacts', suppliers);

// The reorder report's way out: the chosen rows, at their suggested quantities, become one purchase order to one
// supplier at the report's location, priced at that supplier's latest purchase prices; the order opens to review.
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
          lines: lines.map((row) => ({ item_id: row.item_id, quantity: row.suggested_quantity })),
        },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
      toaster.create({ type: 'success', title: 'Purchase Order created successfully.' });
      navigate(`/purchase-orders/${created.id}`);
    } catch (error) {
      toaster.create({ type: 'error', title: 'The purchase order was not created.', description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <HStack gap="3" align="end" wrap="wrap" data-no-print="">
      <Field.Root w="xs">
        <Field.Label htmlFor="reorder-supplier">Supplier</Field.Label>
        <RemoteSelect
          id="reorder-supplier"
          name="reorder-supplier"
          value={supplier?.value ?? null}
          label={supplier?.label ?? ''}
          search={supplierSearch}
          onChange={setSupplier}
        />
      </Field.Root>
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
  );
}
