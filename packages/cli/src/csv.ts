/**
 * CSV and TSV as spreadsheets write them (RFC 4180: quoted fields, doubled quotes, CRLF or LF).
 * The delimiter is read from the header line: tab, then semicolon (with no comma), else comma.
 */

export type Delimiter = ',' | ';' | '\t'

export function detectDelimiter(text: string): Delimiter {
  const header = text.slice(0, text.search(/\r?\n|$/))
  if (header.includes('\t')) return '\t'
  if (header.includes(';') && !header.includes(',')) return ';'
  return ','
}

/** Rows of fields; blank lines are dropped. */
export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const endRow = () => {
    row.push(field)
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
    field = ''
  }
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"' && field === '') quoted = true
    else if (ch === delimiter) {
      row.push(field)
      field = ''
    } else if (ch === '\n') endRow()
    else if (ch === '\r') {
      if (body[i + 1] !== '\n') endRow()
    } else field += ch
  }
  if (field !== '' || row.length > 0) endRow()
  return rows
}

function quote(field: string, delimiter: Delimiter): string {
  return field.includes(delimiter) || /["\r\n]/.test(field) || /^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field
}

export function formatCsv(rows: readonly (readonly string[])[], delimiter: Delimiter = ','): string {
  return rows.map((r) => r.map((f) => quote(f, delimiter)).join(delimiter)).join('\n') + '\n'
}
