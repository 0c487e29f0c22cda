import { Alert, Code, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  getDocumentNumberTotalCount,
  getReferenceNumberTotalCount,
} from '../../../generated/hooks/documents/documents.ts';
import type { ReferenceDocumentName } from '../../../generated/model/index.ts';
import { businessDayIso } from '../../format/date.ts';
import { nextDocumentNumber, nextReferenceNumber } from '../../format/document-number.ts';
import { type DocumentNumbering, readField } from '../../resources/resource.ts';
import { useLinkedRecord } from './linked-record.ts';

// `dateField`: the form's document date, whose day the number carries.
export type NumberPreviewProps = { numbering: DocumentNumbering; dateField?: string };

const asId = (value: unknown): number | null => (typeof value === 'number' ? value : null);

// The number (and reference) a new document will probably get: the counters as they stand now, plus one. Another
// document saved first takes it, so it is labelled a preview; the server assigns the real one on save.
export function NumberPreview({ numbering, dateField }: NumberPreviewProps) {
  const { documentName, prefix, locationPrefix, referenced, locationOf } = numbering;
  const linked = useLinkedRecord(locationOf?.field, locationOf?.resource);
  const formBranch = asId(useWatch({ name: `${locationPrefix}branch_id` }));
  const formWarehouse = asId(useWatch({ name: `${locationPrefix}warehouse_id` }));
  const linkedAt = (key: string) => (linked ? asId(readField(linked, `${locationOf?.prefix ?? ''}${key}`)) : null);
  const branchId = locationOf ? linkedAt('branch_id') : formBranch;
  const warehouseValue = locationOf ? linkedAt('warehouse_id') : formWarehouse;
  // docs/domain/README.md, Numbering: B when a branch is set, else W.
  const warehouseId = branchId === null ? warehouseValue : null;
  const contactId = asId(useWatch({ name: 'contact_id' }));
  // A sales paper numbers in its terminal's series; the server reads the one the posting would take when none is
  // chosen (docs/domain/cash.md, Terminals).
  const terminalId = asId(useWatch({ name: 'terminal_id' }));
  const located = branchId !== null || warehouseId !== null;
  // A number carries its document's date (docs/domain/README.md, Numbering), so the preview reads the form's.
  const typedDay: unknown = useWatch({ name: dateField ?? '', disabled: dateField === undefined });
  const day =
    dateField && typeof typedDay === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(typedDay) ? typedDay : businessDayIso();

  const numberTotal = useQuery({
    queryKey: ['documents', 'number-total', documentName, branchId, warehouseId, terminalId],
    queryFn: ({ signal }) =>
      getDocumentNumberTotalCount(
        {
          document_name: documentName,
          branch_id: branchId,
          warehouse_id: warehouseId,
          ...(terminalId !== null && branchId !== null ? { terminal_id: terminalId } : {}),
        },
        undefined,
        signal,
      ),
    enabled: located,
    staleTime: 0,
  });
  const referenceName = referenced ? (documentName as ReferenceDocumentName) : null;
  const referenceTotal = useQuery({
    queryKey: ['documents', 'reference-total', referenceName, contactId],
    queryFn: ({ signal }) =>
      referenceName !== null && contactId !== null
        ? getReferenceNumberTotalCount({ document_name: referenceName, contact_id: contactId }, undefined, signal)
        : Promise.reject(new Error('No contact to count references for.')),
    enabled: referenceName !== null && contactId !== null,
    staleTime: 0,
  });

  const number =
    located && numberTotal.data
      ? nextDocumentNumber(prefix, day, { branchId, warehouseId }, numberTotal.data.total, numberTotal.data.series)
      : null;
  const reference =
    contactId !== null && referenceTotal.data ? nextReferenceNumber(contactId, day, referenceTotal.data.total) : null;

  return (
    <Alert.Root status="neutral" variant="surface" aria-label="Number preview">
      <Alert.Content>
        <Alert.Title>Number preview</Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            <Text>
              Number:{' '}
              {number ? (
                <Code>{number}</Code>
              ) : (
                <Text as="span">{located ? '…' : locationOf ? 'choose the document first' : 'choose a location'}</Text>
              )}
            </Text>
            {referenced ? (
              <Text>
                Reference:{' '}
                {reference ? <Code>{reference}</Code> : <Text as="span">{contactId ? '…' : 'choose a contact'}</Text>}
              </Text>
            ) : null}
            <Text textStyle="xs" color="fg.muted">
              Probably; the number is assigned when the document is saved.
            </Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
