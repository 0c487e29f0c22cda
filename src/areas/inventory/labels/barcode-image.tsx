import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import type { LabelBarcode } from '../../../format/barcode.ts';

export type BarcodeImageProps = { barcode: LabelBarcode; height: number };

// The bars are drawn by JsBarcode into an SVG, which prints sharp at any size.
export function BarcodeImage({ barcode, height }: BarcodeImageProps) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!svg.current) return;
    JsBarcode(svg.current, barcode.value, {
      format: barcode.format,
      height,
      width: 1.4,
      margin: 0,
      fontSize: 11,
      textMargin: 1,
    });
  }, [barcode, height]);
  return <svg ref={svg} role="img" aria-label={`Barcode ${barcode.value}`} style={{ maxWidth: '100%' }} />;
}
