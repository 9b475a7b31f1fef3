/**
 * Tables pasted from a spreadsheet: Excel and Sheets copy as TSV; CSV files use commas (or
 * semicolons where the comma is the decimal mark). The delimiter is guessed from the header
 * line, quoted cells may hold delimiters, quotes and newlines, and numbers may carry thousands
 * separators, currency signs or a decimal comma.
 */

export type Delimiter = '\t' | ';' | ','

export interface Table {
  delimiter: Delimiter
  /** Header cells, normalised: lower case, runs of other characters as `_`. */
  header: string[]
  /** Data rows with their 1-based line in the pasted text. */
  rows: Array<{ line: number; cells: string[] }>
}

export function normaliseHeader(cell: string): string {
  return cell.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
}

/** The delimiter that occurs most often outside quotes on the first line (tab wins ties). */
export function guessDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { '\t': 0, ';': 0, ',': 0 }
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && (ch === '\t' || ch === ';' || ch === ',')) counts[ch]++
  }
  if (counts['\t'] > 0) return '\t'
  return counts[';'] > counts[','] ? ';' : ','
}

export function parseTable(text: string): Table {
  const source = text.replace(/^\uFEFF/, '')
  const delimiter = guessDelimiter(source)
  const lines: Array<{ line: number; cells: string[] }> = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  const endRow = () => {
    cells.push(cell.trim())
    if (cells.some((c) => c !== '')) lines.push({ line: rowLine, cells })
    cells = []
    cell = ''
  }
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        cell += ch
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (ch === delimiter) {
      cells.push(cell.trim())
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++
      endRow()
      line++
      rowLine = line
    } else cell += ch
  }
  if (cell !== '' || cells.length > 0) endRow()
  const [head, ...rows] = lines
  return { delimiter, header: (head?.cells ?? []).map(normaliseHeader), rows }
}

/**
 * A number as people type it in a spreadsheet: `1,000,000`, `1 000 000`, `$1,250.50`,
 * `1.234,5` (decimal comma), `12%` (-> 0.12). Empty or unreadable cells give null.
 */
export function parseNumber(text: string, delimiter: Delimiter = ','): number | null {
  let s = text.trim().replace(/[\s\u00a0\u202f']/g, '').replace(/^[$€£¥]|[$€£¥]$/g, '').replace(/^(USD|EUR|GBP)|(USD|EUR|GBP)$/i, '')
  if (s === '') return null
  let scale = 1
  if (s.endsWith('%')) {
    scale = 0.01
    s = s.slice(0, -1)
  }
  const lastComma = s.lastIndexOf(',')
  const lastDot = s.lastIndexOf('.')
  if (lastComma >= 0 && lastDot >= 0) {
    // Both marks: the later one is the decimal mark.
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '')
  } else if (lastComma >= 0) {
    const thousands = /^-?\d{1,3}(,\d{3})+$/.test(s) && delimiter !== ';'
    s = thousands ? s.replace(/,/g, '') : s.replace(',', '.')
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null
  const n = Number(s) * scale
  return Number.isFinite(n) ? n : null
}

/** Index of the first column whose normalised header equals or starts with one of the names. */
export function findColumn(header: string[], names: readonly string[]): number {
  for (const name of names) {
    const exact = header.indexOf(name)
    if (exact >= 0) return exact
  }
  for (const name of names) {
    const prefixed = header.findIndex((h) => h.startsWith(`${name}_`))
    if (prefixed >= 0) return prefixed
  }
  return -1
}
