import { Box, Button, Field, Flex, Heading, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuPrinter, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { getItemLabel, searchItems } from '../../../../generated/hooks/items/items.ts';
import { getReceiveOrder, searchReceiveOrders } from '../../../../generated/hooks/receive-orders/receive-orders.ts';
import { labelBarcode } from '../../../format/barcode.ts';
import { formatMoney } from '../../../format/money.ts';
import { errorMessage } from '../../../screens/shared/request-error.ts';
import { ChoiceSelect } from '../../../ui/choice-select.tsx';
import { RemoteSelect } from '../../../ui/remote-select.tsx';
import { TableHeadings } from '../../../ui/striped-table.tsx';
import { notifyError } from '../../../ui/toaster.tsx';
import { type LabelLayout, labelLayouts, labelsPerSheet } from './label-layouts.ts';
import { type LabelItem, LabelSheet } from './label-sheet.tsx';

type Chosen = LabelItem & { quantity: number };

// The label call answers the price a label prints to whoever may see items, so that the clerk prints labels
// without the price lists.
async function labelItem(id: number): Promise<LabelItem> {
  const label = await getItemLabel(id);
  return { id, code: label.code, name: label.name, barcode: labelBarcode(label), price: label.unit_price };
}

// Price labels for a delivery or a shelf: items chosen on the items list (`?ids=1,2`) or the lines of a receive
// order (`?receive_order_id=5`, one label per unit received), a quantity each, on a common A4 label sheet.
export function LabelsScreen() {
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [layout, setLayout] = useState<LabelLayout>(labelLayouts[0] as LabelLayout);
  const [receiveOrder, setReceiveOrder] = useState<{ value: number; label: string } | null>(null);

  // A refused look-up says why instead of leaving the sheet empty.
  const add = async (entries: { id: number; quantity: number }[]) => {
    let loaded: Chosen[];
    try {
      loaded = await Promise.all(
        entries.map(async (entry) => ({ ...(await labelItem(entry.id)), quantity: entry.quantity })),
      );
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    setChosen((current) => {
      const next = [...current];
      for (const item of loaded) {
        const same = next.find((candidate) => candidate.id === item.id);
        if (same) same.quantity += item.quantity;
        else next.push(item);
      }
      return next;
    });
  };

  const addReceiveOrder = async (id: number) => {
    const order = await getReceiveOrder(id).catch((error: unknown) => {
      notifyError(errorMessage(error));
      return null;
    });
    if (!order) return;
    await add(order.lines.map((line) => ({ id: line.item_id, quantity: Math.max(1, Math.ceil(line.quantity)) })));
  };

  // What the URL asks for is added once, on arrival (an effect may run twice in development).
  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const ids = (params.get('ids') ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length > 0) void add(ids.map((id) => ({ id, quantity: 1 })));
    const orderId = Number(params.get('receive_order_id'));
    if (Number.isInteger(orderId) && orderId > 0) void addReceiveOrder(orderId);
  }, []);

  const labels = chosen.flatMap((item) => Array.from({ length: item.quantity }, () => item));
  const sheets = Math.ceil(labels.length / labelsPerSheet(layout));
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading size="xl">Print Labels</Heading>
        <HStack gap="2">
          <Button asChild variant="outline">
            <RouterLink to="/items">Back</RouterLink>
          </Button>
          <Button colorPalette="teal" disabled={labels.length === 0} onClick={() => window.print()}>
            <LuPrinter /> Print
          </Button>
        </HStack>
      </Flex>
      <Flex gap="4" wrap="wrap">
        <Field.Root maxW="sm">
          <Field.Label>Add the lines of a receive order</Field.Label>
          <RemoteSelect
            name="receive_order_id"
            value={receiveOrder?.value ?? null}
            label={receiveOrder?.label ?? ''}
            placeholder="Type a receive order number"
            onChange={(option) => {
              setReceiveOrder(option);
              if (option) void addReceiveOrder(option.value);
            }}
            search={async (text, signal) =>
              (await searchReceiveOrders({ q: text }, undefined, signal)).map((order) => ({
                value: order.id,
                label: order.number,
              }))
            }
          />
        </Field.Root>
        <Field.Root maxW="sm">
          <Field.Label>Add an item</Field.Label>
          <RemoteSelect
            name="item_id"
            value={null}
            label=""
            placeholder="Type a code, name or barcode"
            onChange={(option) => {
              if (option) void add([{ id: option.value, quantity: 1 }]);
            }}
            search={async (text, signal) =>
              (await searchItems({ q: text }, undefined, signal)).map((item) => ({
                value: item.id,
                label: `${item.code} — ${item.name}`,
              }))
            }
          />
        </Field.Root>
        <Field.Root maxW="sm">
          <Field.Label>Label sheet</Field.Label>
          <ChoiceSelect
            choices={labelLayouts.map((candidate) => ({ value: candidate.key, label: candidate.name }))}
            value={layout.key}
            onChange={(event) => {
              const next = labelLayouts.find((candidate) => candidate.key === event.currentTarget.value);
              if (next) setLayout(next);
            }}
          />
        </Field.Root>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            {labels.length} labels on {sheets} {sheets === 1 ? 'sheet' : 'sheets'}
          </Table.Caption>
          <TableHeadings headings={['Code', 'Name', { label: 'Price', end: true }, 'Labels', '']} />
          <Table.Body>
            {chosen.map((item, index) => (
              <Table.Row key={item.id}>
                <Table.Cell>{item.code}</Table.Cell>
                <Table.Cell>{item.name}</Table.Cell>
                <Table.Cell textAlign="end">{item.price === null ? 'No price' : formatMoney(item.price)}</Table.Cell>
                <Table.Cell>
                  <Input
                    type="number"
                    min={0}
                    step={1}
                    w="24"
                    aria-label={`Labels of ${item.code}`}
                    value={item.quantity}
                    onChange={(event) => {
                      const quantity = Math.max(0, Math.floor(Number(event.currentTarget.value) || 0));
                      setChosen((current) =>
                        current.map((candidate, at) => (at === index ? { ...candidate, quantity } : candidate)),
                      );
                    }}
                  />
                </Table.Cell>
                <Table.Cell>
                  <IconButton
                    aria-label={`Remove ${item.code}`}
                    variant="ghost"
                    onClick={() => setChosen((current) => current.filter((_, at) => at !== index))}
                  >
                    <LuTrash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
            {chosen.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={5} textAlign="center" color="fg.muted" py="6">
                  Choose items on the Items list, or add the lines of a receive order.
                </Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {labels.length > 0 ? (
        <Box overflowX="auto">
          <Text textStyle="sm" color="fg.muted" mb="2">
            Preview
          </Text>
          <LabelSheet layout={layout} labels={labels} />
        </Box>
      ) : null}
    </Stack>
  );
}
