import { Box, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { formatPower, formatSphere } from '../../format/prescription.ts';
import type { ResourceRecord } from '../../resources/resource.ts';
import { Letterhead } from './letterhead.tsx';
import { printPageCss } from './print-page.ts';
import { SignatureLines } from './signature-lines.tsx';

export type SheetName = 'lab-ticket' | 'claim-slip';

type Row = Record<string, unknown>;

// A ticket and a slip are half an A4 sheet each (print-page.ts), in type small enough that the lab ticket's
// prescription, measurements, lenses and signature lines all fit that one page.
const printCss = printPageCss({
  sheet: '[data-print-sheet]',
  size: 'A5 landscape',
  margin: '8mm',
  rules: `[data-print-sheet] { font-size: 9pt; line-height: 1.3; }
  [data-print-sheet] th, [data-print-sheet] td { padding-top: 1pt !important; padding-bottom: 1pt !important; }`,
});

const text = (row: Row, field: string) => {
  const value = row[field];
  return value === null || value === undefined ? '' : String(value);
};
const mm = (value: unknown) => (typeof value === 'number' ? `${value} mm` : '—');
const number = (value: unknown) => (typeof value === 'number' ? String(value) : '');

function Sheet({ title, record, children }: { title: string; record: Row; children: ReactNode }) {
  return (
    <Box data-print-sheet display="none" _print={{ display: 'block' }} color="black" bg="white" fontSize="sm">
      <style>{printCss}</style>
      <Stack gap="2">
        <Letterhead size="md" detail="phone" title={title}>
          <Text fontWeight="bold">{text(record, 'number')}</Text>
          <Text>Ordered {formatDate(text(record, 'order_date'))}</Text>
          <Text fontWeight="bold">Promised {formatDate(text(record, 'promised_date')) || '—'}</Text>
        </Letterhead>
        {children}
      </Stack>
    </Box>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text textStyle="xs" textTransform="uppercase" color="gray.600">
        {label}
      </Text>
      <Text fontWeight="medium">{children}</Text>
    </Stack>
  );
}

// Whose order it is and where it is made, first on the lab's ticket and on the patient's slip alike.
function PatientAndBranch({ record }: { record: Row }) {
  return (
    <>
      <Labelled label="Patient">{text(record, 'contact_name')}</Labelled>
      <Labelled label="Branch">{text(record, 'branch_name')}</Labelled>
    </>
  );
}

const rxColumns = ['SPH', 'CYL', 'AXIS', 'ADD', 'PRISM', 'BASE'] as const;

function eyeCells(rx: Row, eye: 'od' | 'os'): string[] {
  return [
    formatSphere(rx[`${eye}_sphere`] as number | null),
    formatPower(rx[`${eye}_cylinder`] as number | null),
    number(rx[`${eye}_axis`]),
    formatPower(rx[`${eye}_add`] as number | null),
    number(rx[`${eye}_prism`]),
    text(rx, `${eye}_prism_base`),
  ];
}

function linesWith(record: Row, roles: readonly string[]): Row[] {
  const lines = record.lines;
  return Array.isArray(lines) ? (lines as Row[]).filter((line) => roles.includes(String(line.role))) : [];
}

// What the lab needs on one page: the patient, both eyes, PD and heights, the frame and its measurements, the
// lenses and treatments to make, and the day the glasses are promised.
function LabTicket({ record }: { record: Row }) {
  const rx = (record.prescription ?? {}) as Row;
  const frame = linesWith(record, ['frame'])[0];
  const lenses = linesWith(record, ['lens_od', 'lens_os']);
  const treatments = linesWith(record, ['service', 'other']);
  const pd =
    typeof rx.pd_distance === 'number'
      ? `${rx.pd_distance} mm`
      : typeof rx.pd_od === 'number'
        ? `R ${rx.pd_od} / L ${number(rx.pd_os)} mm`
        : '—';
  return (
    <Sheet title="Lab Ticket" record={record}>
      <HStack gap="8" wrap="wrap">
        <PatientAndBranch record={record} />
        <Labelled label="Lab">{text(record, 'lab_contact_name') || 'In-house'}</Labelled>
        <Labelled label="Prescription">
          {formatDate(text(rx, 'examined_on'))} {text(rx, 'prescriber')} {text(rx, 'prescriber_license')}
        </Labelled>
      </HStack>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Eye</Table.ColumnHeader>
            {rxColumns.map((column) => (
              <Table.ColumnHeader key={column} textAlign="end">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(['od', 'os'] as const).map((eye) => (
            <Table.Row key={eye}>
              <Table.Cell fontWeight="bold">{eye.toUpperCase()}</Table.Cell>
              {eyeCells(rx, eye).map((cell, index) => (
                <Table.Cell key={rxColumns[index]} textAlign="end" fontFamily="mono" fontSize="md">
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <SimpleGrid columns={4} gap="3">
        <Labelled label="PD (distance)">{pd}</Labelled>
        <Labelled label="PD (near)">{mm(rx.pd_near)}</Labelled>
        <Labelled label="Seg. height OD">{mm(rx.segment_height_od)}</Labelled>
        <Labelled label="Seg. height OS">{mm(rx.segment_height_os)}</Labelled>
        <Labelled label="Frame">
          {record.customer_frame ? 'Patient’s own frame' : text(frame ?? {}, 'item_name') || '—'}
        </Labelled>
        <Labelled label="A / B">
          {mm(record.frame_a)} / {mm(record.frame_b)}
        </Labelled>
        <Labelled label="DBL">{mm(record.frame_dbl)}</Labelled>
        <Labelled label="ED">{mm(record.frame_ed)}</Labelled>
      </SimpleGrid>
      <SimpleGrid columns={2} gap="4">
        <Stack gap="1">
          <Text fontWeight="bold">Lenses</Text>
          {lenses.map((line) => (
            <Text key={String(line.id)}>
              {line.role === 'lens_od' ? 'OD' : 'OS'}: {text(line, 'item_name')}
            </Text>
          ))}
        </Stack>
        <Stack gap="1">
          <Text fontWeight="bold">Treatments</Text>
          {treatments.length === 0 ? <Text>None</Text> : null}
          {treatments.map((line) => (
            <Text key={String(line.id)}>{text(line, 'item_name')}</Text>
          ))}
        </Stack>
      </SimpleGrid>
      {record.fitting_notes ? <Text>Fitting notes: {text(record, 'fitting_notes')}</Text> : null}
      <SignatureLines names={['Checked by', 'Lab received by']} />
    </Sheet>
  );
}

// The patient's stub: what to bring back, when, and what is still owed.
function ClaimSlip({ record }: { record: Row }) {
  return (
    <Sheet title="Claim Slip" record={record}>
      <HStack gap="8" wrap="wrap">
        <PatientAndBranch record={record} />
        <Labelled label="Invoice">{text(record, 'invoice_number') || '—'}</Labelled>
        <Labelled label="Total">{formatMoney(Number(record.invoice_total ?? record.total ?? 0))}</Labelled>
        <Labelled label="Balance due on claiming">
          {formatMoney(Number(record.invoice_balance ?? record.total ?? 0))}
        </Labelled>
      </HStack>
      <Text>Please bring this slip when you claim your eyewear.</Text>
      <SignatureLines names={['Issued by', 'Claimed by']} />
    </Sheet>
  );
}

export function SheetOf({ sheet, record }: { sheet: SheetName; record: ResourceRecord }) {
  const row = record as unknown as Row;
  return sheet === 'lab-ticket' ? <LabTicket record={row} /> : <ClaimSlip record={row} />;
}
