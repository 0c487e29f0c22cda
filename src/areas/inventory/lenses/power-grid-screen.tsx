import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getListBranchesQueryKey, listBranches } from '../../../../generated/hooks/branches/branches.ts';
import {
  getGetItemPowerGridQueryKey,
  getGetItemQueryKey,
  getItem,
  getItemPowerGrid,
  searchItems,
} from '../../../../generated/hooks/items/items.ts';
import {
  createPurchaseOrder,
  getGetPurchaseOrderQueryKey,
  getPurchaseOrder,
  searchPurchaseOrders,
} from '../../../../generated/hooks/purchase-orders/purchase-orders.ts';
import { createReceiveOrder } from '../../../../generated/hooks/receive-orders/receive-orders.ts';
import { listStocks } from '../../../../generated/hooks/stocks/stocks.ts';
import { getListWarehousesQueryKey, listWarehouses } from '../../../../generated/hooks/warehouses/warehouses.ts';
import type { PowerGridCell, PurchaseOrderLine } from '../../../../generated/model/index.ts';
import { useGate, usePermissions } from '../../../auth/use-permissions.ts';
import { businessDayIso } from '../../../format/date.ts';
import { formatPower, formatSphere } from '../../../format/prescription.ts';
import { formatQuantity } from '../../../format/quantity.ts';
import { itemLabel } from '../../../screens/form/lines/item-picker.tsx';
import { Refusal } from '../../../screens/shared/refusal.tsx';
import { errorMessage } from '../../../screens/shared/request-error.ts';
import { RequestErrorText } from '../../../screens/shared/request-error-text.tsx';
import { SupplierPicker } from '../../../screens/shared/supplier-picker.tsx';
import { ChoiceSelect, choicesOf } from '../../../ui/choice-select.tsx';
import { LabelledInput } from '../../../ui/labelled-input.tsx';
import { RemoteSelect } from '../../../ui/remote-select.tsx';
import { notifyError, notifySuccess } from '../../../ui/toaster.tsx';
import { typeAheadLimit } from '../../../ui/type-ahead.tsx';
import { powerGridPath } from './power-grid-path.ts';

const cellKey = (sphere: number, cylinder: number) => `${sphere}/${cylinder}`;

type Typed = Record<string, string>;
type Mode = 'view' | 'order' | 'receive';
type Picked = { value: number; label: string };

// /items/power-grid: a lens family's stock at one location as sphere rows × cylinder columns (docs/domain/eye-care.md,
// Lenses by power). A cell shows on hand and what is on its way, is marked when at or below its reorder level, and
// opens its stock. Ordering: quantities typed into the cells become one purchase order to the chosen supplier for this
// location, whose view opens next. Receiving: against an open purchase order of this location, each cell of an ordered
// power takes what arrived of it, at the order's cost and up to what its line still awaits. The on-hand figures stay
// in every cell while typing.
export function PowerGridScreen() {
  const held = usePermissions();
  const can = useGate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [query, setQuery] = useSearchParams();
  const itemId = Number(query.get('item_id')) || null;
  const location = query.get('branch_id')
    ? `B${query.get('branch_id')}`
    : query.get('warehouse_id')
      ? `W${query.get('warehouse_id')}`
      : null;
  const allowed = can({ prefix: 'items', action: 'view' });
  const mayOrder = can({ prefix: 'purchase-orders', action: 'create' });
  const mayReceive = can({ prefix: 'receive-orders', action: 'create' });
  const [mode, setMode] = useState<Mode>('view');
  const [typed, setTyped] = useState<Typed>({});
  const [supplier, setSupplier] = useState<Picked | null>(null);
  const [order, setOrder] = useState<Picked | null>(null);
  const [receivedDate, setReceivedDate] = useState(businessDayIso());
  // A lot-tracked family (contact lenses) receives one lot, with its expiry, into every cell typed.
  const [lot, setLot] = useState({ number: '', expiresOn: '' });

  const family = useQuery({
    queryKey: getGetItemQueryKey(itemId ?? 0),
    queryFn: ({ signal }) => getItem(itemId ?? 0, undefined, signal),
    enabled: allowed && itemId !== null,
  });
  const branches = useQuery({
    queryKey: getListBranchesQueryKey({ per_page: 100 }),
    queryFn: ({ signal }) => listBranches({ per_page: 100 }, undefined, signal),
    enabled: allowed,
  });
  const warehouses = useQuery({
    queryKey: getListWarehousesQueryKey({ per_page: 100 }),
    queryFn: ({ signal }) => listWarehouses({ per_page: 100 }, undefined, signal),
    enabled: allowed,
  });
  const gridParams = useMemo(
    () =>
      location?.startsWith('B')
        ? { branch_id: Number(location.slice(1)) }
        : { warehouse_id: Number(location?.slice(1)) },
    [location],
  );
  const grid = useQuery({
    queryKey: getGetItemPowerGridQueryKey(itemId ?? 0, gridParams),
    queryFn: ({ signal }) => getItemPowerGrid(itemId ?? 0, gridParams, undefined, signal),
    enabled: allowed && itemId !== null && location !== null,
  });
  const cells = useMemo(
    () => new Map((grid.data?.cells ?? []).map((cell) => [cellKey(cell.sphere, cell.cylinder), cell])),
    [grid.data],
  );

  const searchFamilies = useCallback(async (text: string, signal: AbortSignal) => {
    const found = await searchItems({ q: text, limit: 100, without_variants: 1 }, undefined, signal);
    return found
      .filter(
        (item) =>
          item.variant_of_item_id === null &&
          item.sphere === null &&
          (item.optical_kind === 'ophthalmic_lens' || item.optical_kind === 'contact_lens'),
      )
      .slice(0, typeAheadLimit)
      .map((item) => ({ value: item.id, label: itemLabel(item) }));
  }, []);

  const locationBody = location?.startsWith('B')
    ? { branch_id: Number(location.slice(1)) }
    : { warehouse_id: Number(location?.slice(1)) };

  const searchOrders = useCallback(
    async (text: string, signal: AbortSignal) => {
      const found = await searchPurchaseOrders(
        { q: text, limit: typeAheadLimit, has_unreceived: 1, usable: 1, ...gridParams },
        undefined,
        signal,
      );
      return found.map((candidate) => ({
        value: candidate.id,
        label: `${candidate.number} · ${candidate.contact_name ?? ''}`,
      }));
    },
    [gridParams],
  );
  const purchaseOrder = useQuery({
    queryKey: getGetPurchaseOrderQueryKey(order?.value ?? 0),
    queryFn: ({ signal }) => getPurchaseOrder(order?.value ?? 0, undefined, signal),
    enabled: mode === 'receive' && order !== null,
  });
  // The order's lines still awaited, by the item of each power.
  const awaited = useMemo(
    () =>
      new Map(
        (purchaseOrder.data?.lines ?? [])
          .filter((line) => line.still_to_come > 0)
          .map((line) => [line.item_id, line] as const),
      ),
    [purchaseOrder.data],
  );

  const typedLines = () =>
    Object.entries(typed)
      .map(([key, value]) => ({ cell: cells.get(key), quantity: Number(value) }))
      .filter(
        (line): line is { cell: PowerGridCell; quantity: number } => line.cell !== undefined && line.quantity > 0,
      );

  const placeOrder = useMutation({
    mutationFn: (lines: { item_id: number; quantity: number }[]) =>
      createPurchaseOrder(
        {
          contact_id: supplier?.value ?? 0,
          ...locationBody,
          order_date: businessDayIso(),
          notes: family.data ? `Ordered from the power grid of ${family.data.name}` : null,
          lines,
        },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      ),
    onSuccess: (created) => {
      notifySuccess(`Purchase order ${created.number} created.`);
      navigate(`/purchase-orders/${created.id}`);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const receive = useMutation({
    mutationFn: (
      lines: {
        purchase_order_line_id: number;
        item_id: number;
        quantity: number;
        lot_number?: string;
        expires_on?: string;
      }[],
    ) => {
      const ordered = purchaseOrder.data;
      if (!ordered) throw new Error('Choose the purchase order first.');
      return createReceiveOrder(
        {
          purchase_order_id: ordered.id,
          contact_id: ordered.contact_id,
          branch_id: ordered.branch_id,
          warehouse_id: ordered.warehouse_id,
          received_date: receivedDate,
          notes: family.data ? `Received into the power grid of ${family.data.name}` : null,
          lines,
        },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
    },
    onSuccess: async (received) => {
      notifySuccess(`Receive order ${received.number} created.`);
      setTyped({});
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetItemPowerGridQueryKey(itemId ?? 0, gridParams) }),
        queryClient.invalidateQueries({ queryKey: getGetPurchaseOrderQueryKey(order?.value ?? 0) }),
      ]);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const lotTracked = family.data?.is_lot_tracked === true;
  const submitOrder = () => {
    const lines = typedLines().map((line) => ({ item_id: line.cell.item_id, quantity: line.quantity }));
    if (supplier === null) {
      notifyError('Choose the supplier first.');
      return;
    }
    if (lines.length === 0) {
      notifyError('Type a quantity into at least one cell.');
      return;
    }
    placeOrder.mutate(lines);
  };
  const submitReceipt = () => {
    if (purchaseOrder.data === undefined) {
      notifyError('Choose the purchase order first.');
      return;
    }
    const lines = typedLines().flatMap((line) => {
      const orderLine: PurchaseOrderLine | undefined = awaited.get(line.cell.item_id);
      return orderLine
        ? [
            {
              purchase_order_line_id: orderLine.id,
              item_id: line.cell.item_id,
              quantity: line.quantity,
              ...(lotTracked ? { lot_number: lot.number, expires_on: lot.expiresOn } : {}),
            },
          ]
        : [];
    });
    if (lines.length === 0) {
      notifyError('Type a quantity into at least one cell.');
      return;
    }
    if (lotTracked && (lot.number.trim() === '' || lot.expiresOn === '')) {
      notifyError('A lot-tracked family needs the lot number and its expiry date.');
      return;
    }
    receive.mutate(lines);
  };

  const openStock = async (cell: PowerGridCell) => {
    try {
      const stocks = await listStocks({ item_id: cell.item_id, ...gridParams });
      const [stock] = stocks.data;
      navigate(stock ? `/stocks/${stock.id}` : `/items/${cell.item_id}`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  if (held === null) return null;
  if (!allowed) {
    return (
      <Refusal
        kind="forbidden"
        sentence="You do not have permission to view items."
        back={{ to: '/overview', label: 'Back to Overview' }}
      />
    );
  }
  const choose = (next: { itemId?: number | null; location?: string | null }) => {
    setTyped({});
    setOrder(null);
    const target = powerGridPath({
      itemId: next.itemId === undefined ? itemId : next.itemId,
      location: next.location === undefined ? location : next.location,
    });
    setQuery(new URLSearchParams(target.split('?')[1] ?? ''));
  };
  const switchTo = (next: Mode) => {
    setTyped({});
    setMode(mode === next ? 'view' : next);
  };
  const typing = mode !== 'view';

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading size="xl">Power Grid</Heading>
        {grid.data ? (
          <HStack gap="2" wrap="wrap">
            {mayOrder ? (
              <Button
                variant={mode === 'order' ? 'subtle' : 'outline'}
                colorPalette="teal"
                onClick={() => switchTo('order')}
              >
                {mode === 'order' ? 'Stop Ordering' : 'Order Into Grid'}
              </Button>
            ) : null}
            {mayReceive ? (
              <Button
                variant={mode === 'receive' ? 'subtle' : 'outline'}
                colorPalette="teal"
                onClick={() => switchTo('receive')}
              >
                {mode === 'receive' ? 'Stop Receiving' : 'Receive Into Grid'}
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Flex>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label htmlFor="power-grid-family">Lens Family</Field.Label>
          <RemoteSelect
            id="power-grid-family"
            name="power-grid-family"
            value={itemId}
            label={family.data ? itemLabel(family.data) : ''}
            placeholder="Code or name of the family"
            search={searchFamilies}
            onChange={(option) => choose({ itemId: option?.value ?? null })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="power-grid-location">Location</Field.Label>
          <ChoiceSelect
            id="power-grid-location"
            choices={[...choicesOf(branches.data?.data ?? [], 'B'), ...choicesOf(warehouses.data?.data ?? [], 'W')]}
            empty="Choose…"
            value={location ?? ''}
            onChange={(event) => choose({ location: event.target.value || null })}
          />
        </Field.Root>
      </SimpleGrid>
      {mode === 'order' && grid.data ? (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end" borderWidth="1px" rounded="md" p="4">
          <SupplierPicker id="power-grid-supplier" required value={supplier} onChange={setSupplier} />
          <Text color="fg.muted" fontSize="sm">
            Type the quantity of each power to order; the costs come from the supplier's prices.
          </Text>
          <Button colorPalette="teal" onClick={submitOrder} loading={placeOrder.isPending}>
            Create Purchase Order
          </Button>
        </SimpleGrid>
      ) : null}
      {mode === 'receive' && grid.data ? (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end" borderWidth="1px" rounded="md" p="4">
          <Field.Root required>
            <Field.Label htmlFor="power-grid-order">Purchase Order</Field.Label>
            <RemoteSelect
              id="power-grid-order"
              name="power-grid-order"
              value={order?.value ?? null}
              label={order?.label ?? ''}
              placeholder="An open order of this location"
              search={searchOrders}
              onChange={(picked) => {
                setTyped({});
                setOrder(picked);
              }}
            />
          </Field.Root>
          <LabelledInput
            label="Received Date"
            required
            id="power-grid-received-date"
            type="date"
            value={receivedDate}
            onChange={(event) => setReceivedDate(event.target.value)}
          />
          {lotTracked ? (
            <>
              <LabelledInput
                label="Lot Number"
                required
                id="power-grid-lot-number"
                value={lot.number}
                onChange={(event) => setLot({ ...lot, number: event.target.value })}
              />
              <LabelledInput
                label="Expires On"
                required
                id="power-grid-expires-on"
                type="date"
                value={lot.expiresOn}
                onChange={(event) => setLot({ ...lot, expiresOn: event.target.value })}
              />
            </>
          ) : null}
          <Button colorPalette="teal" onClick={submitReceipt} loading={receive.isPending}>
            Create Receive Order
          </Button>
          {order === null ? (
            <Text color="fg.muted" fontSize="sm" gridColumn={{ md: 'span 3' }}>
              Choose the purchase order the goods came on: its ordered powers open for typing.
            </Text>
          ) : null}
        </SimpleGrid>
      ) : null}
      {itemId === null || location === null ? (
        <Text color="fg.muted">Choose a lens family and a location to see its stock by power.</Text>
      ) : null}
      <RequestErrorText request={grid} />
      {grid.data && grid.data.cells.length === 0 ? (
        <Text color="fg.muted">This family has no powers yet: use Generate Powers on its view.</Text>
      ) : null}
      {grid.data && grid.data.cells.length > 0 ? (
        <>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text>On hand; in transit after the +.</Text>
            {mode === 'receive' ? <Text>A box opens for each power the order still awaits.</Text> : null}
            <Badge colorPalette="orange">At or below reorder level</Badge>
          </HStack>
          <Box overflowX="auto">
            <Table.Root size="sm" variant="outline" showColumnBorder aria-label="Power grid">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Sphere \ Cylinder</Table.ColumnHeader>
                  {grid.data.cylinders.map((cylinder) => (
                    <Table.ColumnHeader key={cylinder} textAlign="center">
                      {formatPower(cylinder)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {grid.data.spheres.map((sphere) => (
                  <Table.Row key={sphere}>
                    <Table.Cell as="th" scope="row" fontWeight="semibold">
                      {formatSphere(sphere)}
                    </Table.Cell>
                    {grid.data.cylinders.map((cylinder) => {
                      const cell = cells.get(cellKey(sphere, cylinder));
                      const power = `${formatSphere(sphere)} / ${formatPower(cylinder)}`;
                      if (!cell) return <Table.Cell key={cylinder} />;
                      const figure = `${
                        cell.quantity_on_hand === null
                          ? '—'
                          : cell.quantity_on_hand > 0
                            ? formatQuantity(cell.quantity_on_hand)
                            : '·'
                      }${cell.quantity_in_transit > 0 ? ` +${formatQuantity(cell.quantity_in_transit)}` : ''}`;
                      const stockWords = `${cell.quantity_on_hand === null ? 'on hand hidden during a blind count' : `${formatQuantity(cell.quantity_on_hand)} on hand`}${cell.quantity_in_transit > 0 ? `, ${formatQuantity(cell.quantity_in_transit)} in transit` : ''}${cell.below_reorder ? ', at or below reorder level' : ''}`;
                      const orderLine = awaited.get(cell.item_id);
                      const opens = mode === 'order' || (mode === 'receive' && orderLine !== undefined);
                      return (
                        <Table.Cell
                          key={cylinder}
                          textAlign="center"
                          bg={cell.below_reorder ? 'orange.subtle' : undefined}
                          data-below-reorder={cell.below_reorder ? 'true' : undefined}
                        >
                          {typing ? (
                            <Stack gap="1" align="center">
                              <Text fontSize="xs" color="fg.muted" aria-label={`${power}: ${stockWords}`}>
                                {figure}
                              </Text>
                              {opens ? (
                                <Input
                                  size="xs"
                                  type="number"
                                  min="0"
                                  step="1"
                                  w="16"
                                  aria-label={`${mode === 'order' ? 'Order' : 'Receive'} ${power}`}
                                  placeholder={
                                    orderLine && mode === 'receive'
                                      ? `of ${formatQuantity(orderLine.still_to_come)}`
                                      : undefined
                                  }
                                  value={typed[cellKey(sphere, cylinder)] ?? ''}
                                  onChange={(event) =>
                                    setTyped({ ...typed, [cellKey(sphere, cylinder)]: event.target.value })
                                  }
                                />
                              ) : null}
                            </Stack>
                          ) : (
                            <Button
                              variant="ghost"
                              size="xs"
                              aria-label={`${power}: ${stockWords}`}
                              onClick={() => void openStock(cell)}
                            >
                              {figure}
                            </Button>
                          )}
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </>
      ) : null}
    </Stack>
  );
}
