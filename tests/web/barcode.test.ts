import { describe, expect, it } from 'vitest';
import { isEan13, labelBarcode } from '../../src/format/barcode.ts';

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
});
