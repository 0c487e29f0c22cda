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
