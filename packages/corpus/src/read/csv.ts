/**
 * CSV reading with line numbers kept, so a value's reference is `<file>#L<line>:<column name>`
 * (header = line 1). Parsing is csv-parse (maintained, RFC 4180 with quoted separators, quotes
 * and newlines). A record's line is 1 + the line feeds before it: csv-parse reports where each
 * record ends (`context.bytes`), and the line feeds are counted in the bytes it consumed — not
 * taken from its `lines` counter, which counts a CRLF inside quotes as two lines. A quoted newline
 * makes a record span several lines: the record's first line is its line.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'

export interface CsvRecord {
  /** 1-based physical line where the record starts. */
  line: number
  fields: string[]
}

export interface CsvOptions {
  separator?: string
  encoding?: 'utf8' | 'latin1'
}

export function readCsvFile(absPath: string, opts: CsvOptions = {}): CsvRecord[] {
  const text = readFileSync(absPath).toString(opts.encoding ?? 'utf8')
  return parseCsv(text, opts.separator ?? ',')
}

export function parseCsv(input: string, separator = ','): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const bytes = Buffer.from(text, 'utf8')
  const records: CsvRecord[] = []
  let line = 1
  let consumed = 0
  parse(bytes, {
    delimiter: separator,
    // LF or CRLF ends a line, as in the files (a file may mix them); a lone CR is data.
    record_delimiter: ['\r\n', '\n'],
    // Published files are ragged (title rows, notes) and use stray quotes inside plain cells.
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    on_record: (fields: string[], context) => {
      records.push({ line, fields })
      for (; consumed < context.bytes; consumed++) if (bytes[consumed] === 0x0a) line++
      return null
    },
  })
  return records
}

/** `<file>#L<line>:<column name>` with the file path relative to the datasets directory. */
export function csvRef(file: string, line: number, column: string): string {
  return `${file}#L${line}:${column}`
}
