import { type DocumentKind, documentPrefixes } from './document-kind.ts';
import type { Location } from './location.ts';

function compactDate(isoDate: string): string {
  return isoDate.slice(0, 10).replaceAll('-', '');
}

// {prefix}-{yyyyMMdd}-{B|W}{location id, 5 digits}-{count, 8 digits}; `sequence` is the counter after increment.
export function formatDocumentNumber(
  kind: DocumentKind,
  isoDate: string,
  location: Location,
  sequence: number,
): string {
  const place =
    location.branch_id !== null
      ? `B${String(location.branch_id).padStart(5, '0')}`
      : `W${String(location.warehouse_id).padStart(5, '0')}`;
  return `${documentPrefixes[kind]}-${compactDate(isoDate)}-${place}-${String(sequence).padStart(8, '0')}`;
}

// RN-{contact id + 1, 8 digits}-{yyyyMMdd}-{count, 4 digits}, as docs/domain/README.md, Numbering fixes it.
export function formatReferenceNumber(contactId: number, isoDate: string, sequence: number): string {
  return `RN-${String(contactId + 1).padStart(8, '0')}-${compactDate(isoDate)}-${String(sequence).padStart(4, '0')}`;
}
