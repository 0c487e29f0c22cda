import {
  Box,
  Card,
  EmptyState,
  Heading,
  Progress,
  SimpleGrid,
  Stack,
  Stat,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuChartNoAxesCombined } from 'react-icons/lu';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { getDashboardOverview, getGetDashboardOverviewQueryKey } from '../../generated/hooks/dashboard/dashboard.ts';
import type { DashboardOverview } from '../../generated/model/index.ts';
import { formatDate } from '../format/date.ts';
import { formatMoney, formatMoneyCompact } from '../format/money.ts';
import { formatQuantity } from '../format/quantity.ts';
import { errorMessage } from './shared/request-error.ts';

// Nothing to draw until the business has sold, bought or stocked anything.
export function isQuietBusiness(overview: DashboardOverview): boolean {
  return (
    overview.sales_by_day.every((day) => day.total === 0) &&
    overview.purchases_by_day.every((day) => day.total === 0) &&
    overview.stock_value_by_location.every((location) => location.value === 0) &&
    overview.top_items.length === 0
  );
}

function salesAndPurchases(overview: DashboardOverview) {
  const purchases = new Map(overview.purchases_by_day.map((day) => [day.date, day.total]));
  return overview.sales_by_day.map((day) => ({
    date: formatDate(day.date),
    Sales: day.total,
    Purchases: purchases.get(day.date) ?? 0,
  }));
}

export function OverviewScreen() {
  const overview = useQuery({
    queryKey: getGetDashboardOverviewQueryKey(),
    queryFn: ({ signal }) => getDashboardOverview(undefined, signal),
  });
  const data = overview.data;
  return (
    <Stack gap="6">
      <Heading size="xl">Overview</Heading>
      {overview.isPending ? (
        <Progress.Root value={null} striped animated size="xs" colorPalette="teal" aria-label="Loading">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {overview.isError ? <Text color="fg.error">{errorMessage(overview.error)}</Text> : null}
      {data && isQuietBusiness(data) ? (
        <EmptyState.Root borderWidth="1px" rounded="md">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuChartNoAxesCombined />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title>No activity yet</EmptyState.Title>
              <EmptyState.Description>
                Charts appear here once this business has stock, purchases or sales.
              </EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : null}
      {data && !isQuietBusiness(data) ? (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stat.Root borderWidth="1px" rounded="md" p="4">
              <Stat.Label>Receivables</Stat.Label>
              <Stat.ValueText>{formatMoney(data.receivables)}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root borderWidth="1px" rounded="md" p="4">
              <Stat.Label>Payables</Stat.Label>
              <Stat.ValueText>{formatMoney(data.payables)}</Stat.ValueText>
            </Stat.Root>
          </SimpleGrid>
          <Card.Root>
            <Card.Header>
              <Card.Title>Sales and purchases, last 30 days</Card.Title>
            </Card.Header>
            <Card.Body>
              <Box h="72">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={salesAndPurchases(data)}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="date" fontSize={12} />
                    <YAxis fontSize={12} tickFormatter={(value: number) => formatMoneyCompact(value)} width={70} />
                    <Tooltip formatter={(value) => formatMoney(Number(value))} />
                    <Legend />
                    <Line type="monotone" dataKey="Sales" stroke="#0d9488" dot={false} isAnimationActive={false} />
                    <Line type="monotone" dataKey="Purchases" stroke="#6366f1" dot={false} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </Box>
            </Card.Body>
          </Card.Root>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <Card.Root>
              <Card.Header>
                <Card.Title>Stock value by location</Card.Title>
              </Card.Header>
              <Card.Body>
                <Box h="64">
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={data.stock_value_by_location}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="location_name" fontSize={12} />
                      <YAxis fontSize={12} tickFormatter={(value: number) => formatMoneyCompact(value)} width={70} />
                      <Tooltip formatter={(value) => formatMoney(Number(value))} />
                      <Bar dataKey="value" name="Value" fill="#0d9488" isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </Box>
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Card.Title>Best sellers</Card.Title>
              </Card.Header>
              <Card.Body>
                <Table.Root size="sm" striped>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Item</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.top_items.map((item) => (
                      <Table.Row key={item.item_id}>
                        <Table.Cell>{item.item_name}</Table.Cell>
                        <Table.Cell textAlign="end">{formatQuantity(item.quantity)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(item.total)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
          <Card.Root id="low-stock">
            <Card.Header>
              <Card.Title>Low stock</Card.Title>
            </Card.Header>
            <Card.Body>
              {data.low_stock_items.length === 0 ? (
                <Text color="fg.muted">Every item is above its reorder level.</Text>
              ) : (
                <Table.Root size="sm" striped>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Item</Table.ColumnHeader>
                      <Table.ColumnHeader>Location</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">On Hand</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Reorder Level</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.low_stock_items.map((item) => (
                      <Table.Row key={`${item.item_id}-${item.location_name}`}>
                        <Table.Cell>{item.item_name}</Table.Cell>
                        <Table.Cell>{item.location_name}</Table.Cell>
                        <Table.Cell textAlign="end">{formatQuantity(item.quantity_on_hand)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatQuantity(item.reorder_level)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Card.Body>
          </Card.Root>
        </>
      ) : null}
    </Stack>
  );
}
