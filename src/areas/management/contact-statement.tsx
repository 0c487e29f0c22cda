import { Box, Button, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuPrinter } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { getContactStatement, getGetContactStatementQueryKey } from '../../../generated/hooks/contacts/contacts.ts';
import type { ContactStatementEntry, GetContactStatementParams } from '../../../generated/model/index.ts';
import { getSelectedBusinessId } from '../../api/selected-business.ts';
import { useBusinesses } from '../../auth/session.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { businessDayIso, formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { printPageCss } from '../../screens/print/print-page.ts';
import { Refusal } from '../../screens/shared/refusal.tsx';
import { errorStatus, permissionRefusal } from '../../screens/shared/request-error.ts';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { TableHeadings } from '../../ui/striped-table.tsx';

// On paper only the statement shows on A4 (print-page.ts): the shell, the filters and the buttons stay off, and the
// table leaves its scroll area so that a long statement runs on with its header row on each page.
const printCss = printPageCss({
  sheet: '[data-statement]',
  size: 'A4',
  margin: '12mm',
  rules: `[data-statement] { font-size: 9pt; }
  [data-statement] .chakra-table__scrollArea, [data-statement] [data-statement-table] { overflow: visible !important; }`,
});

const sideWords = {
  receivable: { choice: 'As customer: invoices and payments', owes: 'Amount due', credit: 'Store credit held' },
  payable: { choice: 'As supplier: bills and payments', owes: 'Amount we owe', credit: 'Supplier credit held' },
} as const;

type Side = keyof typeof sideWords;

// The part of a memo kept as credit or refunded is an entry of that memo.
const paths: Record<ContactStatementEntry['kind'], string> = {
  invoice: 'invoices',
  invoice_payment: 'invoice-payments',
  credit_memo: 'credit-memos',
  store_credit: 'credit-memos',
  customer_refund: 'credit-memos',
  bill: 'bills',
  bill_payment: 'bill-payments',
  debit_memo: 'debit-memos',
  supplier_credit: 'debit-memos',
  supplier_refund: 'debit-memos',
};

const documentPath = (entry: ContactStatementEntry) => `/${paths[entry.kind]}/${entry.document_id}`;

/**
 * docs/domain/management.md, Statement of account: a contact's documents and the payments on them, oldest first
 * with the running balance, for a period kept in the URL; printable on A4 to hand to the customer.
 */
export function ContactStatementScreen() {
  const id = Number(useParams().id);
  const can = useGate();
  const [query, setQuery] = useSearchParams();
  const mayReceivable = can({ prefix: 'invoices', action: 'view' });
  const mayPayable = can({ prefix: 'bills', action: 'view' });
  // Without a side in the URL the server opens the contact's own side (a supplier's is payable), unless the user
  // may see only the other.
  const asked = query.get('side');
  const chosen: Side | undefined =
    asked === 'payable' || asked === 'receivable'
      ? asked
      : mayReceivable && mayPayable
        ? undefined
        : mayPayable
          ? 'payable'
          : 'receivable';
  const params: GetContactStatementParams = {
    ...(chosen ? { side: chosen } : {}),
    ...(query.get('date_from') ? { date_from: query.get('date_from') ?? '' } : {}),
    ...(query.get('date_to') ? { date_to: query.get('date_to') ?? '' } : {}),
  };
  const statement = useQuery({
    queryKey: getGetContactStatementQueryKey(id, params),
    queryFn: ({ signal }) => getContactStatement(id, params, undefined, signal),
    enabled: Number.isInteger(id),
  });
  const businesses = useBusinesses(true);
  const business = businesses.data?.find((candidate) => candidate.id === getSelectedBusinessId());
  const change = (name: string, value: string) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const status = errorStatus(statement.error);
  if (status === 403 || (!mayReceivable && !mayPayable)) {
    return (
      <Refusal
        kind="forbidden"
        sentence={permissionRefusal('view', (chosen ?? 'receivable') === 'receivable' ? 'Invoices' : 'Bills')}
        back={{ to: `/contacts/${id}`, label: 'Back to Contact' }}
      />
    );
  }
  const data = statement.data;
  const side: Side = data?.side ?? chosen ?? 'receivable';
  const today = businessDayIso();
  return (
    <Stack gap="4" data-statement="">
      <style>{printCss}</style>
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text textStyle="sm" color="fg.muted">
            {business?.trade_name || business?.name || ''}
          </Text>
          <Heading size="xl">Statement of Account</Heading>
          <Text fontWeight="semibold">{data?.contact_name ?? ''}</Text>
          <Text textStyle="sm">
            {data
              ? `${data.date_from ? `${formatDate(data.date_from)} to ` : 'Up to '}${formatDate(data.date_to)}`
              : ''}
          </Text>
        </Stack>
        <HStack gap="3" data-no-print="">
          <Button asChild variant="outline">
            <RouterLink to={`/contacts/${id}`}>Back</RouterLink>
          </Button>
          <Button variant="outline" onClick={() => window.print()} disabled={!data}>
            <LuPrinter /> Print
          </Button>
        </HStack>
      </Flex>
      <HStack gap="3" wrap="wrap" align="end" data-no-print="">
        {mayReceivable && mayPayable ? (
          <Field.Root id="statement-side" w="auto">
            <Field.Label>Statement</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={side} onChange={(event) => change('side', event.currentTarget.value)}>
                <option value="receivable">{sideWords.receivable.choice}</option>
                <option value="payable">{sideWords.payable.choice}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        {(['from', 'to'] as const).map((end) => (
          <Field.Root key={end} id={`statement-date-${end}`} w="auto">
            <Field.Label>Date {end}</Field.Label>
            <Input
              size="sm"
              type="date"
              max={today}
              value={query.get(`date_${end}`) ?? ''}
              onChange={(event) => change(`date_${end}`, event.currentTarget.value)}
            />
          </Field.Root>
        ))}
      </HStack>
      <RequestErrorText request={statement} />
      {data ? (
        <Box overflowX="auto" data-statement-table="">
          <Table.Root size="sm" variant="outline" aria-label="Statement of Account">
            <TableHeadings
              headings={[
                'Date',
                'Document',
                'Applies to',
                { label: 'Charges', end: true },
                { label: 'Payments and credits', end: true },
                { label: 'Balance', end: true },
              ]}
            />
            <Table.Body>
              <Table.Row>
                <Table.Cell>{data.date_from ? formatDate(data.date_from) : ''}</Table.Cell>
                <Table.Cell colSpan={4}>Balance brought forward</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(data.opening_balance)}</Table.Cell>
              </Table.Row>
              {data.entries.map((entry) => (
                <Table.Row key={`${entry.kind}-${entry.document_id}`}>
                  <Table.Cell whiteSpace="nowrap">{formatDate(entry.date)}</Table.Cell>
                  <Table.Cell>
                    <RouterLink to={documentPath(entry)} style={{ textDecoration: 'underline' }}>
                      {entry.description}
                    </RouterLink>
                  </Table.Cell>
                  <Table.Cell>{entry.applies_to ?? ''}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.charge ? formatMoney(entry.charge) : ''}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.payment ? formatMoney(entry.payment) : ''}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(entry.balance)}</Table.Cell>
                </Table.Row>
              ))}
              {/* The closing row ends the body, not a <tfoot>, which a browser repeats on every printed page. */}
              <Table.Row fontWeight="semibold" data-totals="">
                <Table.Cell colSpan={3}>{sideWords[side].owes}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(data.total_charges)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(data.total_payments)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(data.closing_balance)}</Table.Cell>
              </Table.Row>
              {data.credit_balance ? (
                <Table.Row>
                  <Table.Cell colSpan={5}>{sideWords[side].credit}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(data.credit_balance)}</Table.Cell>
                </Table.Row>
              ) : null}
            </Table.Body>
          </Table.Root>
          {data.entries.length === 0 ? (
            <Text color="fg.muted" mt="2">
              No documents or payments in this period.
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
