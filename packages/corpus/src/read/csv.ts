/**
 * CSV reading with line numbers kept, so a value's reference is `<file>#L<line>:<column name>`
 * (header = line 1). Parsing is csv-parse (maintained, RFC 4180 with quoted separators, quotes
 * and newlines, BOM handling), whose `info` reports the physical line each record ends on; a
 * record starts on the line after the previous one ended (empty lines are kept as records, so
 * none is skipped between them). A quoted newline makes a record span several lines: the
 * record's first line is its line.
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
  const records: CsvRecord[] = []
  let nextLine = 1
  parse(input, {
    delimiter: separator,
    bom: true,
    // Published files are ragged (title rows, notes) and use stray quotes inside plain cells.
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // `context.lines` is the physical line the record ended on (quoted newlines included).
    on_record: (fields: string[], context) => {
      records.push({ line: nextLine, fields })
      nextLine = context.lines + 1
      return null
    },
  })
  return records
}

/** `<file>#L<line>:<column name>` with the file path relative to the datasets directory. */
export function csvRef(file: string, line: number, column: string): string {
  return `${file}#L${line}:${column}`
}
