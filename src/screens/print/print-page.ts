// The one print layout every paper copy shares (docs/domain/screens.md, Prints): on paper only the sheet shows,
// on its own page size, with nothing else taking room. Everything that is neither the sheet, inside it, nor one of
// its ancestors is taken out of the layout (display: none, not visibility: hidden, which keeps the app's height and
// so adds blank pages); the ancestors (the app's shell) lose their scroll areas, fixed heights and padding, so the
// sheet flows from the top of the first page and ends where its content ends. A part of a screen that stays off
// paper carries `data-no-print`.

export type PaperSize = 'A4' | 'A4 landscape' | 'A5 landscape' | 'Letter';

export type PrintPage = {
  // The CSS selector of the element that goes on paper.
  sheet: string;
  // The page's size: a named paper, or the width and height of a receipt (`80mm 200mm`).
  size: PaperSize | `${number}mm ${number}mm`;
  margin: string;
  // The sheet's own print rules (type size, tables), inside the same print media block.
  rules?: string;
};

export function printPageCss({ sheet, size, margin, rules = '' }: PrintPage): string {
  return `
@media print {
  html, body { height: auto !important; min-height: 0 !important; overflow: visible !important; background: #fff !important; }
  body *:not(:has(${sheet})):not(${sheet}):not(${sheet} *) { display: none !important; }
  body *:has(${sheet}) {
    display: block !important; position: static !important; overflow: visible !important; height: auto !important;
    min-height: 0 !important; max-height: none !important; width: auto !important; max-width: none !important;
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important;
    transform: none !important;
  }
  ${sheet} [data-no-print] { display: none !important; }
  ${sheet} { color: #000; background: #fff; }
  ${sheet} table { break-inside: auto; }
  ${sheet} tr { break-inside: avoid; }
  ${sheet} thead { display: table-header-group; }
  @page { size: ${size}; margin: ${margin}; }
  ${rules}
}`;
}
