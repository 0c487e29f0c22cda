// What a price label's barcode encodes and how: the item's barcode as EAN-13 when it is one (13 digits with the
// right check digit, as on a frame's box), otherwise Code 128 of the barcode or, without one, of the item code.
export type LabelBarcode = { value: string; format: 'EAN13' | 'CODE128' };

export function isEan13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

export function labelBarcode(item: { code: string; barcode: string | null }): LabelBarcode {
  const barcode = item.barcode?.trim() ?? '';
  if (isEan13(barcode)) return { value: barcode, format: 'EAN13' };
  return { value: barcode || item.code, format: 'CODE128' };
}
