import { Heading, Stack, Table } from '@chakra-ui/react';
import type { PayerClaim } from '../../../generated/model/index.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { TableHeadings } from '../../ui/striped-table.tsx';

const lineStatus: Record<string, string> = {
  open: 'Open',
  paid: 'Paid',
  disallowed: 'Disallowed, billed to the member',
  written_off: 'Disallowed, written off',
};
const methodLabel: Record<string, string> = { bank_transfer: 'Bank transfer', check: 'Check', cash: 'Cash' };

// Under a payer claim's details (docs/domain/sales.md, Payer claims): each invoice's share with what the payer paid
// and disallowed, and the payer's payments with their Form 2307, "To follow" while it has not come.
export function PayerClaimPanel({ record }: ViewPanelProps) {
  const claim = record as unknown as PayerClaim;
  // A disallowance alone is recorded as a payment of nothing; its lines show it, the payments need not.
  const payments = (claim.payments ?? []).filter((payment) => payment.amount_received > 0 || payment.tax_withheld > 0);
  return (
    <Stack gap="4">
      <Heading size="md">Lines</Heading>
      <Table.Root size="sm" aria-label="Claim lines">
        <TableHeadings
          headings={[
            'Invoice',
            'Member',
            { label: 'Amount', end: true },
            { label: 'Paid', end: true },
            { label: 'Disallowed', end: true },
            'Reason',
            'Status',
          ]}
        />
        <Table.Body>
          {(claim.lines ?? []).map((line) => (
            <Table.Row key={line.id}>
              <Table.Cell>{line.invoice_number}</Table.Cell>
              <Table.Cell>{line.contact_name}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(line.amount)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(line.paid)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(line.disallowed)}</Table.Cell>
              <Table.Cell>{line.reason}</Table.Cell>
              <Table.Cell>{lineStatus[line.status] ?? line.status}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {payments.length > 0 ? (
        <>
          <Heading size="md">Payments</Heading>
          <Table.Root size="sm" aria-label="Payer's payments">
            <TableHeadings
              headings={[
                'Date',
                'Method',
                { label: 'Received', end: true },
                { label: 'Tax Withheld', end: true },
                'Form 2307',
              ]}
            />
            <Table.Body>
              {payments.map((payment) => (
                <Table.Row key={payment.id}>
                  <Table.Cell>{formatDate(payment.payment_date)}</Table.Cell>
                  <Table.Cell>{payment.payment_method ? methodLabel[payment.payment_method] : ''}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(payment.amount_received)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(payment.tax_withheld)}</Table.Cell>
                  <Table.Cell>{payment.form_2307_number ?? (payment.tax_withheld > 0 ? 'To follow' : '')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      ) : null}
    </Stack>
  );
}
