/**
 * CSV and TSV as spreadsheets write them (RFC 4180: quoted fields, doubled quotes, CRLF or LF).
 * The delimiter is read from the header line: tab, then semicolon (with no comma), else comma.
 */
import { parse } from 'csv-parse/sync'

export type Delimiter = ',' | ';' | '\t'

export function detectDelimiter(text: string): Delimiter {
  const header = text.slice(0, text.search(/\r?\n|$/))
  if (header.includes('\t')) return '\t'
  if (header.includes(';') && !header.includes(',')) return ';'
  return ','
}

/** Rows of fields; blank lines are dropped. Parsing is csv-parse (maintained, RFC 4180), as in the corpus. */
export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  return parse(text, { delimiter, record_delimiter: ['\r\n', '\n', '\r'], bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true })
}

function quote(field: string, delimiter: Delimiter): string {
  return field.includes(delimiter) || /["\r\n]/.test(field) || /^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field
}

export function formatCsv(rows: readonly (readonly string[])[], delimiter: Delimiter = ','): string {
  return rows.map((r) => r.map((f) => quote(f, delimiter)).join(delimiter)).join('\n') + '\n'
}
