// CSV as spreadsheet programs write and read it (docs/DECISIONS.md, Contract and API).

/**
 * A cell a spreadsheet would take for a formula: one beginning with `=`, `+`, `-`, `@`, a tab or a carriage return
 * (`=HYPERLINK(...)`, `+cmd|' /C calc'!A0`, `-2+3`). Papa's `escapeFormulae` prefixes it with an apostrophe. A plain
 * number (`-12.50`, `+1,250.00`) runs nothing, so it is left as it is and still reads back as a number.
 */
export const formulaCell = /^(?![+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$)[=+\-@\t\r]/;

// What export added, taken off again on import, so that an exported file imports as it was (`'+63 917...`).
export function withoutFormulaGuard(cell: string): string {
  return cell.startsWith("'") && formulaCell.test(cell.slice(1)) ? cell.slice(1) : cell;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

// UTF-8, with or without a byte-order mark; a file that is not valid UTF-8 is what Excel saves as plain "CSV" on a
// Windows machine, Windows-1252, which maps every byte to a character: never a replacement character.
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}
