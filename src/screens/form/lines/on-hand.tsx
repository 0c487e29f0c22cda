import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { listStocks } from '../../../../generated/hooks/stocks/stocks.ts';
import { formatQuantity } from '../../../format/quantity.ts';

const asId = (value: unknown): number | null => (typeof value === 'number' ? value : null);

// Where a document's goods leave from: where a transfer leaves, else where the document is.
function useIssuingLocation() {
  const [fromBranch, fromWarehouse, branch, warehouse]: unknown[] = useWatch({
    name: ['from_branch_id', 'from_warehouse_id', 'branch_id', 'warehouse_id'],
  });
  const from = asId(fromBranch) !== null || asId(fromWarehouse) !== null;
  const branchId = from ? asId(fromBranch) : asId(branch);
  const warehouseId = branchId === null ? (from ? asId(fromWarehouse) : asId(warehouse)) : null;
  return { branchId, warehouseId, located: branchId !== null || warehouseId !== null };
}

// The stock rows of an item at the document's issuing location.
export function useStockHere(itemId: number | null) {
  const { branchId, warehouseId, located } = useIssuingLocation();
  const stock = useQuery({
    queryKey: ['stocks', 'on-hand', itemId, branchId, warehouseId],
    queryFn: ({ signal }) =>
      listStocks(
        {
          item_id: itemId ?? 0,
          ...(branchId !== null ? { branch_id: branchId } : {}),
          ...(warehouseId !== null ? { warehouse_id: warehouseId } : {}),
        },
        undefined,
        signal,
      ),
    enabled: located && itemId !== null,
    staleTime: 10_000,
  });
  return located ? stock.data?.data : undefined;
}

// Under a line's item: how many the document's location holds, so that the cashier sees at once whether the shelf
// has it.
export function OnHand({ itemId }: { itemId: number }) {
  const stocks = useStockHere(itemId);
  if (!stocks) return null;
  // A location being counted blind answers no figure to whoever may not post counts (docs/domain/logistics.md).
  const hidden = stocks.some((row) => row.quantity_on_hand === null);
  const onHand = stocks.reduce((sum, row) => sum + Number(row.quantity_on_hand ?? 0), 0);
  return (
    <Text textStyle="xs" color="fg.muted" aria-label="On hand here">
      On hand here: {hidden ? 'Hidden during a blind count' : formatQuantity(onHand)}
    </Text>
  );
}
