/**
 * CSV reading with line numbers kept, so a value's reference is `<file>#L<line>:<column name>`
 * (header = line 1). Handles quoted fields with embedded separators, quotes and newlines
 * (a quoted newline makes a record span several lines: the record's first line is its line).
 */
import { readFileSync } from 'node:fs'

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
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  let fieldStarted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i++ } else quoted = false
      } else {
        if (ch === '\n') line++
        field += ch
      }
      continue
    }
    if (ch === '"' && !fieldStarted) { quoted = true; fieldStarted = true; continue }
    if (ch === separator) { fields.push(field); field = ''; fieldStarted = false; continue }
    if (ch === '\r' && text[i + 1] === '\n') continue
    if (ch === '\n') {
      fields.push(field)
      records.push({ line: recordLine, fields })
      fields = []; field = ''; fieldStarted = false
      line++; recordLine = line
      continue
    }
    field += ch
    fieldStarted = true
  }
  if (field !== '' || fields.length > 0) { fields.push(field); records.push({ line: recordLine, fields }) }
  return records
}

/** `<file>#L<line>:<column name>` with the file path relative to the datasets directory. */
export function csvRef(file: string, line: number, column: string): string {
  return `${file}#L${line}:${column}`
}
