import { type DocumentKind, documentPrefixes } from './document-kind.ts';
import type { Location } from './location.ts';

function compactDate(isoDate: string): string {
  return isoDate.slice(0, 10).replaceAll('-', '');
}

// {prefix}-{yyyyMMdd}-{B|W}{location id, 5 digits}-{count, 8 digits}; `sequence` is the counter after increment. A
// document made at a branch's later terminal carries the terminal's series instead (`T{terminal id, 5 digits}`,
// docs/domain/cash.md, Terminals).
export function formatDocumentNumber(
  kind: DocumentKind,
  isoDate: string,
  location: Location,
  sequence: number,
  series?: string,
): string {
  return `${documentNumberHead(kind, isoDate, location, series)}${String(sequence).padStart(documentCountDigits, '0')}`;
}

export const documentCountDigits = 8;

// A document number up to its count, for a statement that pads the count itself (at least the digits, never cut).
export function documentNumberHead(kind: DocumentKind, isoDate: string, location: Location, series?: string): string {
  const place =
    series !== undefined
      ? series
      : location.branch_id !== null
        ? `B${String(location.branch_id).padStart(5, '0')}`
        : `W${String(location.warehouse_id).padStart(5, '0')}`;
  return `${documentPrefixes[kind]}-${compactDate(isoDate)}-${place}-`;
}

// RN-{contact id + 1, 8 digits}-{yyyyMMdd}-{count, 4 digits}, as docs/domain/README.md, Numbering fixes it.
export function formatReferenceNumber(contactId: number, isoDate: string, sequence: number): string {
  return `${referenceNumberHead(contactId, isoDate)}${String(sequence).padStart(referenceCountDigits, '0')}`;
}

export const referenceCountDigits = 4;

export function referenceNumberHead(contactId: number, isoDate: string): string {
  return `RN-${String(contactId + 1).padStart(8, '0')}-${compactDate(isoDate)}-`;
}
