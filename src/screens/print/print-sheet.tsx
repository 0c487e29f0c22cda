import { Box, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Invoice } from '../../../generated/model/index.ts';
import { useSeesCosts } from '../../auth/use-permissions.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import type { DocumentPrint, ResourceDefinition, ResourceRecord } from '../../resources/resource.ts';
import { columnValue, readableColumns, readField } from '../../resources/resource.ts';
import { formatValue } from '../shared/value-text.tsx';
import { Letterhead } from './letterhead.tsx';
import { printPageCss } from './print-page.ts';
import { SalesInvoiceSheet } from './sales-invoice-sheet.tsx';
import { SellerRegistration, useSeller } from './seller-registration.tsx';
import { SignatureLines } from './signature-lines.tsx';

export type PrintSheetProps = { resource: ResourceDefinition; print: DocumentPrint; record: ResourceRecord };

// On paper only the sheet shows, on A4 (print-page.ts).
const printCss = printPageCss({ sheet: '[data-print-sheet]', size: 'A4', margin: '15mm' });

const totalRows = [
  { label: 'Subtotal', field: 'subtotal' },
  { label: 'Discount', field: 'discount_total' },
  { label: 'Total', field: 'total' },
] as const;

const text = (record: ResourceRecord, field: string) => String(readField(record, field) ?? '');

// The document as a person hands it over: the business, the document's number, reference and date, who and
// where, its lines with amounts, the totals in pesos and lines to sign on.
export function PrintSheet({ resource, print, record }: PrintSheetProps) {
  if (print.salesInvoice) return <SalesInvoiceSheet invoice={record as unknown as Invoice} />;
  return <GenericSheet resource={resource} print={print} record={record} />;
}

function GenericSheet({ resource, print, record }: PrintSheetProps) {
  const lines = readField(record, 'lines');
  const rows = Array.isArray(lines) ? (lines as Record<string, unknown>[]) : [];
  const reference = text(record, 'reference_number');
  const seesCosts = useSeesCosts();
  const columns = readableColumns(print.columns, seesCosts);
  return (
    <Box data-print-sheet display="none" _print={{ display: 'block' }} color="black" bg="white" fontSize="sm">
      <style>{printCss}</style>
      <Stack gap="5">
        <Letterhead
          size="lg"
          detail="tin"
          title={resource.singular}
          seller={print.registered ? <RegisteredSeller record={record} /> : undefined}
        >
          <Text fontWeight="semibold">No. {text(record, 'number')}</Text>
          {reference ? <Text>Ref. {reference}</Text> : null}
          <Text>Date {formatDate(text(record, print.dateField))}</Text>
        </Letterhead>
        <HStack gap="8" align="start" wrap="wrap">
          {print.parties
            .filter((party) => readField(record, party.field))
            .map((party) => (
              <Stack key={party.field} gap="0">
                <Text textStyle="xs" textTransform="uppercase" color="gray.600">
                  {party.label}
                </Text>
                <Text>{formatValue(readField(record, party.field), party.kind)}</Text>
              </Stack>
            ))}
        </HStack>
        {columns.length === 0 ? null : (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>#</Table.ColumnHeader>
                {columns.map((column) => (
                  <Table.ColumnHeader
                    key={column.field}
                    textAlign={column.kind === 'money' || column.kind === 'quantity' ? 'end' : undefined}
                  >
                    {column.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, index) => (
                <Table.Row key={String(row.id ?? index)}>
                  <Table.Cell>{index + 1}</Table.Cell>
                  {columns.map((column) => (
                    <Table.Cell
                      key={column.field}
                      textAlign={column.kind === 'money' || column.kind === 'quantity' ? 'end' : undefined}
                    >
                      {formatValue(columnValue(row, column), column.kind)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {print.totals && (seesCosts || !print.totalsAreCosts) ? (
          <Stack gap="1" alignSelf="end" minW="64">
            {(print.totalRows ?? totalRows).map(({ label, field }) => (
              <Flex key={field} justify="space-between" fontWeight={field === 'total' ? 'bold' : undefined}>
                <Text>{label}</Text>
                <Text>{formatMoney(Number(readField(record, field) ?? 0))}</Text>
              </Flex>
            ))}
          </Stack>
        ) : null}
        {readField(record, 'notes') ? <Text>Notes: {text(record, 'notes')}</Text> : null}
        <SignatureLines names={print.signatures} roomy />
        {print.registered?.notice ? (
          <Text fontWeight="bold" textAlign="center">
            {print.registered.notice}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

// The terminal the paper was made at gives its MIN, serial and AC number, as on the invoice.
function RegisteredSeller({ record }: { record: ResourceRecord }) {
  const terminalId = readField(record, 'terminal_id');
  return <SellerRegistration seller={useSeller()} terminalId={typeof terminalId === 'number' ? terminalId : null} />;
}
