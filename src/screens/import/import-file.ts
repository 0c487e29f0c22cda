import Papa from 'papaparse';

// A chosen CSV file as the import screen holds it: its rows for the preview and the server's check of them.
export type ImportFile = {
  name: string;
  text: string;
  header: string[];
  rows: string[][];
  // The 422's errors, keyed `rows.{row}.{column}` (the header is row 1), `rows.{row}`, or a field of the file.
  errors: Record<string, string>;
  message: string | null;
};

export type CellErrors = {
  // `{row}.{column}` → message, for the cells the preview marks.
  byCell: Map<string, string>;
  // Rows with any error.
  rows: Set<number>;
  // Errors no cell can show (a whole row, the file).
  general: string[];
};

export function cellErrors(file: ImportFile): CellErrors {
  const byCell = new Map<string, string>();
  const rows = new Set<number>();
  const general: string[] = [];
  for (const [key, message] of Object.entries(file.errors)) {
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(key);
    const row = match?.[1] !== undefined ? Number(match[1]) : null;
    const column = match?.[2];
    if (row !== null) rows.add(row);
    if (row !== null && column !== undefined && (row === 1 || file.header.includes(column))) {
      byCell.set(`${row}.${column}`, message);
    } else {
      general.push(row === null ? message : `Row ${row}${column ? `, ${column}` : ''}: ${message}`);
    }
  }
  return { byCell, rows, general };
}

// One refused cell, row or file problem, as the list of errors shows it and its CSV carries it.
export type ImportError = { row: number | null; column: string | null; value: string; message: string };

// Every error of the server's check, in the order of the file, whatever its length: the preview shows the first
// rows only, so a bad cell in row 4,002 is found here.
export function errorList(file: ImportFile): ImportError[] {
  const list = Object.entries(file.errors).map(([key, message]): ImportError => {
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(key);
    const row = match?.[1] !== undefined ? Number(match[1]) : null;
    const column = match ? (match[2] ?? null) : key;
    const position = column === null ? -1 : file.header.indexOf(column);
    const cells = row === null ? undefined : row === 1 ? file.header : file.rows[row - 2];
    const value = position >= 0 && row !== 1 ? (cells?.[position] ?? '') : '';
    return { row, column, value, message };
  });
  return list.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

// The errors as a CSV to fix the file by: row, column, what the cell holds, and what is wrong with it.
export function errorsCsv(list: readonly ImportError[]): string {
  const rows = list.map((error) => [
    error.row === null ? '' : String(error.row),
    error.column ?? '',
    error.value,
    error.message,
  ]);
  return `${Papa.unparse([['row', 'column', 'value', 'problem'], ...rows], { newline: '\r\n' })}\r\n`;
}
