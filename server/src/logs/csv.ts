/** CSV writing (RFC 4180, CRLF rows) with spreadsheet formula injection neutralised. */

export type CsvValue = string | number | boolean | null | undefined;

/** Characters that make spreadsheet programs read a cell as a formula or a DDE call. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are ours, not user text: a negative number stays a number.
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (Chinese text). */
export const CSV_BOM = '\ufeff';
