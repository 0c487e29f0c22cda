import { describe, expect, it } from 'vitest';
import { isEan13, labelBarcode } from '../../../src/format/barcode.ts';

describe('the barcode on a price label', () => {
  it('recognises an EAN-13 by its check digit', () => {
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
    expect(isEan13('40063813339A1')).toBe(false);
  });

  it('prints an EAN-13 barcode as EAN-13, any other barcode or the code as Code 128', () => {
    expect(labelBarcode({ code: 'RB-2140', barcode: '4006381333931' })).toEqual({
      value: '4006381333931',
      format: 'EAN13',
    });
    expect(labelBarcode({ code: 'RB-2140', barcode: 'RB2140901' })).toEqual({ value: 'RB2140901', format: 'CODE128' });
    expect(labelBarcode({ code: 'RB-2140', barcode: null })).toEqual({ value: 'RB-2140', format: 'CODE128' });
  });

  it('draws no barcode of a code too long to scan at a label’s width: the label prints the code as text', () => {
    expect(labelBarcode({ code: 'HOYA-150-SV-2.00/-0.50', barcode: null })).toBeNull();
    expect(labelBarcode({ code: 'HOYA-150-SV-2.00/-0.50', barcode: '4006381333931' })).toEqual({
      value: '4006381333931',
      format: 'EAN13',
    });
  });
});
