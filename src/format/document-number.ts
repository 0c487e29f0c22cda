export type NumberedLocation = { branchId: number | null; warehouseId: number | null };

const compactDate = (isoDate: string) => isoDate.slice(0, 10).replaceAll('-', '');

const padded = (value: number, width: number) => String(value).padStart(width, '0');

// docs/domain/README.md, Numbering: {prefix}-{yyyyMMdd}-{B|W}{location id, 5 digits}-{total + 1, 8 digits}; B when a
// branch is set; `series`, a terminal's, in place of the location's (docs/domain/cash.md, Terminals).
export function nextDocumentNumber(
  prefix: string,
  isoDate: string,
  location: NumberedLocation,
  total: number,
  series?: string,
): string {
  const place =
    series ??
    (location.branchId !== null ? `B${padded(location.branchId, 5)}` : `W${padded(location.warehouseId ?? 0, 5)}`);
  return `${prefix}-${compactDate(isoDate)}-${place}-${padded(total + 1, 8)}`;
}

// docs/domain/README.md, Numbering: RN-{contact id + 1, 8 digits}-{yyyyMMdd}-{total + 1, 4 digits}.
export function nextReferenceNumber(contactId: number, isoDate: string, total: number): string {
  return `RN-${padded(contactId + 1, 8)}-${compactDate(isoDate)}-${padded(total + 1, 4)}`;
}
