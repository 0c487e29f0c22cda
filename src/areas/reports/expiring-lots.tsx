import { Badge, Card, Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardOverview } from '../../../generated/model/index.ts';
import { businessDayIso, formatDate } from '../../format/date.ts';
import { formatQuantity } from '../../format/quantity.ts';
import { StripedTable } from '../../ui/striped-table.tsx';

// The Overview's lots expiring within 90 days, earliest first: what to sell first and what to pull off the shelf.
export function ExpiringLots({ overview }: { overview: DashboardOverview }) {
  const today = businessDayIso();
  return (
    <Card.Root id="expiring-lots">
      <Card.Header>
        <Card.Title>Lots expiring within 90 days</Card.Title>
      </Card.Header>
      <Card.Body>
        {overview.expiring_lots.length === 0 ? (
          <Text color="fg.muted">No lot expires within 90 days.</Text>
        ) : (
          <StripedTable
            framed={false}
            headings={['Item', 'Lot Number', 'Location', 'Expiry', { label: 'On Hand', end: true }]}
          >
            {overview.expiring_lots.map((lot) => (
              <Table.Row key={lot.id}>
                <Table.Cell>{lot.item_name}</Table.Cell>
                <Table.Cell>
                  <Link asChild colorPalette="teal">
                    <RouterLink to={`/stock-lots/${lot.id}`}>{lot.lot_number}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{lot.location_name}</Table.Cell>
                <Table.Cell>
                  {formatDate(lot.expires_on)}{' '}
                  {lot.expires_on < today ? <Badge colorPalette="red">Expired</Badge> : null}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {lot.quantity_on_hand === null ? '—' : formatQuantity(lot.quantity_on_hand)}
                </Table.Cell>
              </Table.Row>
            ))}
          </StripedTable>
        )}
      </Card.Body>
    </Card.Root>
  );
}
