// What a price label's barcode encodes and how: the item's barcode as EAN-13 when it is one (13 digits with the
// right check digit, as on a frame's box), otherwise Code 128 of the barcode or, without one, of a short item code.
// A long code (a lens power's "HOYA-150-SV-2.00/-0.50") has no barcode: at a label's width its bars come too thin
// to scan, so the label prints the code as text alone.
export type LabelBarcode = { value: string; format: 'EAN13' | 'CODE128' };

export function isEan13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

// The longest item code drawn as Code 128 on a label: 12 characters keep the bars about 0.2 mm wide on a 38 mm label.
export const longestScannedCode = 12;

export function labelBarcode(item: { code: string; barcode: string | null }): LabelBarcode | null {
  const barcode = item.barcode?.trim() ?? '';
  if (isEan13(barcode)) return { value: barcode, format: 'EAN13' };
  if (barcode !== '') return { value: barcode, format: 'CODE128' };
  return item.code.length <= longestScannedCode ? { value: item.code, format: 'CODE128' } : null;
}
