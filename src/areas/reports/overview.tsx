import {
  Badge,
  Box,
  Card,
  EmptyState,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Stat,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuChartNoAxesCombined } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
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
import { getDashboardOverview, getGetDashboardOverviewQueryKey } from '../../../generated/hooks/dashboard/dashboard.ts';
import type { DashboardOverview } from '../../../generated/model/index.ts';
import { useSeesCosts } from '../../auth/use-permissions.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney, formatMoneyCompact } from '../../format/money.ts';
import { formatQuantity } from '../../format/quantity.ts';
import { errorMessage } from '../../screens/shared/request-error.ts';
import { LoadingBar } from '../../ui/loading-bar.tsx';
import { StripedTable, TableHeadings } from '../../ui/striped-table.tsx';
import { ExpiringLots } from './expiring-lots.tsx';

// Nothing to draw until the business has sold, bought or stocked anything.
export function isQuietBusiness(overview: DashboardOverview): boolean {
  return (
    overview.sales_by_day.every((day) => day.total === 0) &&
    (overview.purchases_by_day ?? []).every((day) => day.total === 0) &&
    (overview.stock_value_by_location ?? []).every((location) => location.value === 0) &&
    overview.top_items.length === 0
  );
}

// Purchases are costs: without view-costs the server answers them null and the chart shows sales alone.
function salesAndPurchases(overview: DashboardOverview, withPurchases: boolean) {
  const purchases = new Map((overview.purchases_by_day ?? []).map((day) => [day.date, day.total]));
  return overview.sales_by_day.map((day) => ({
    date: formatDate(day.date),
    Sales: day.total,
    ...(withPurchases ? { Purchases: purchases.get(day.date) ?? 0 } : {}),
  }));
}

// The open invoices or bills, largest balance first.
export function openBalancesPath(list: 'invoices' | 'bills'): string {
  return `/${list}?has_balance=1&sort=balance&order_by=desc`;
}

function OpenBalance({ label, amount, to }: { label: string; amount: number; to: string }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" p="4">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>
        <Link asChild color="teal.700">
          <RouterLink to={to}>{formatMoney(amount)}</RouterLink>
        </Link>
      </Stat.ValueText>
    </Stat.Root>
  );
}

export function OverviewScreen() {
  const overview = useQuery({
    queryKey: getGetDashboardOverviewQueryKey(),
    queryFn: ({ signal }) => getDashboardOverview(undefined, signal),
  });
  const data = overview.data;
  const seesCosts = useSeesCosts();
  const payables = seesCosts ? (data?.payables ?? null) : null;
  const purchasesShown = seesCosts && data?.purchases_by_day != null;
  const stockValues = seesCosts ? (data?.stock_value_by_location ?? null) : null;
  const gains = seesCosts ? (data?.adjusted_gains_this_month ?? null) : null;
  const losses = seesCosts ? (data?.adjusted_losses_this_month ?? null) : null;
  return (
    <Stack gap="6">
      <Heading size="xl">Overview</Heading>
      {overview.isPending ? <LoadingBar /> : null}
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
            {data.receivables !== null ? (
              <OpenBalance label="Receivables" amount={data.receivables} to={openBalancesPath('invoices')} />
            ) : null}
            {payables !== null ? (
              <OpenBalance label="Payables" amount={payables} to={openBalancesPath('bills')} />
            ) : null}
            {gains !== null && losses !== null ? (
              <Stat.Root borderWidth="1px" rounded="md" p="4">
                <Stat.Label>Stock adjusted this month</Stat.Label>
                {/* Gains and losses apart: a loss never reads as a smaller gain. */}
                <Stat.ValueText fontSize="md" aria-label="Gains">
                  Gains {formatMoney(gains)}
                </Stat.ValueText>
                <Stat.ValueText fontSize="md" aria-label="Losses">
                  Losses {formatMoney(losses)}
                </Stat.ValueText>
              </Stat.Root>
            ) : null}
          </SimpleGrid>
          <JobOrdersDue overview={data} />
          <JobOrdersReady overview={data} />
          <ExpiringLots overview={data} />
          <Card.Root>
            <Card.Header>
              <Card.Title>{purchasesShown ? 'Sales and purchases, last 30 days' : 'Sales, last 30 days'}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Box h="72">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={salesAndPurchases(data, purchasesShown)}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="date" fontSize={12} />
                    <YAxis fontSize={12} tickFormatter={(value: number) => formatMoneyCompact(value)} width={70} />
                    <Tooltip formatter={(value) => formatMoney(Number(value))} />
                    <Legend />
                    <Line type="monotone" dataKey="Sales" stroke="#0d9488" dot={false} isAnimationActive={false} />
                    {purchasesShown ? (
                      <Line
                        type="monotone"
                        dataKey="Purchases"
                        stroke="#6366f1"
                        dot={false}
                        isAnimationActive={false}
                      />
                    ) : null}
                  </LineChart>
                </ResponsiveContainer>
              </Box>
            </Card.Body>
          </Card.Root>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {stockValues !== null ? (
              <Card.Root>
                <Card.Header>
                  <Card.Title>Stock value by location</Card.Title>
                  <Text fontWeight="semibold">
                    Total {formatMoney(stockValues.reduce((sum, location) => sum + location.value, 0))}
                  </Text>
                </Card.Header>
                <Card.Body>
                  <Box h="64">
                    <ResponsiveContainer width="100%" height="100%">
                      <BarChart data={stockValues}>
                        <CartesianGrid strokeDasharray="3 3" />
                        <XAxis dataKey="location_name" fontSize={12} interval={0} />
                        <YAxis fontSize={12} tickFormatter={(value: number) => formatMoneyCompact(value)} width={70} />
                        <Tooltip formatter={(value) => formatMoney(Number(value))} />
                        <Bar dataKey="value" name="Value" fill="#0d9488" isAnimationActive={false} />
                      </BarChart>
                    </ResponsiveContainer>
                  </Box>
                  {/* Every bar named with its figure, however narrow the chart draws. */}
                  <Table.Root size="sm" mt="3" aria-label="Stock value by location">
                    <Table.Body>
                      {stockValues.map((location) => (
                        <Table.Row key={`${location.branch_id ?? ''}-${location.warehouse_id ?? ''}`}>
                          <Table.Cell>{location.location_name}</Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(location.value)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Card.Body>
              </Card.Root>
            ) : null}
            <Card.Root>
              <Card.Header>
                <Card.Title>Best sellers</Card.Title>
              </Card.Header>
              <Card.Body>
                <Table.Root size="sm" striped>
                  <TableHeadings headings={['Item', { label: 'Quantity', end: true }, { label: 'Total', end: true }]} />
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
                  <TableHeadings
                    headings={[
                      'Item',
                      'Location',
                      { label: 'On Hand', end: true },
                      { label: 'Reorder Level', end: true },
                    ]}
                  />
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

// Eyewear promised for today or earlier and not yet handed over: what the counter chases first.
function JobOrdersDue({ overview }: { overview: DashboardOverview }) {
  return (
    <Card.Root id="job-orders-due">
      <Card.Header>
        <Card.Title>Job orders due today and late</Card.Title>
      </Card.Header>
      <Card.Body>
        {overview.job_orders_due.length === 0 ? (
          <Text color="fg.muted">No job order is due.</Text>
        ) : (
          <StripedTable framed={false} headings={['Job Order', 'Patient', 'Branch', 'Promised', 'Status']}>
            {overview.job_orders_due.map((order) => (
              <Table.Row key={order.id}>
                <JobOrderCells order={order} />
                <Table.Cell>
                  {formatDate(order.promised_date)}{' '}
                  {order.late ? <Badge colorPalette="red">Late</Badge> : <Badge colorPalette="orange">Today</Badge>}
                </Table.Cell>
                <Table.Cell textTransform="capitalize">{order.status.replaceAll('_', ' ')}</Table.Cell>
              </Table.Row>
            ))}
          </StripedTable>
        )}
      </Card.Body>
    </Card.Root>
  );
}

// Glasses waiting for their patient, longest first (docs/domain/eye-care.md, The order's road): the ones to text or
// call, and those past the pickup days that may be forfeited.
function JobOrdersReady({ overview }: { overview: DashboardOverview }) {
  return (
    <Card.Root id="job-orders-ready">
      <Card.Header>
        <Card.Title>Ready and not yet claimed</Card.Title>
      </Card.Header>
      <Card.Body>
        {overview.job_orders_ready.length === 0 ? (
          <Text color="fg.muted">No order is waiting for pickup.</Text>
        ) : (
          <StripedTable framed={false} headings={['Job Order', 'Patient', 'Branch', 'Waiting', 'Deposit Held']}>
            {overview.job_orders_ready.map((order) => (
              <Table.Row key={order.id}>
                <JobOrderCells order={order} />
                <Table.Cell>
                  {order.days_waiting === 1 ? '1 day' : `${order.days_waiting} days`}{' '}
                  {order.forfeitable ? <Badge colorPalette="red">Past pickup days</Badge> : null}
                </Table.Cell>
                <Table.Cell>{formatMoney(order.deposit_balance)}</Table.Cell>
              </Table.Row>
            ))}
          </StripedTable>
        )}
      </Card.Body>
    </Card.Root>
  );
}

// A job order's first cells on the overview: its number, linking to its view, its patient and its branch.
function JobOrderCells({
  order,
}: {
  order: Pick<DashboardOverview['job_orders_due'][number], 'id' | 'number' | 'contact_name' | 'branch_name'>;
}) {
  return (
    <>
      <Table.Cell>
        <Link asChild colorPalette="teal">
          <RouterLink to={`/job-orders/${order.id}`}>{order.number}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>{order.contact_name}</Table.Cell>
      <Table.Cell>{order.branch_name}</Table.Cell>
    </>
  );
}
