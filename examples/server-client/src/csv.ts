/**
 * A small RFC 4180 CSV reader (quoted fields, doubled quotes, commas and newlines inside quotes,
 * CRLF) and the activity rows this example reads. No dependency, so the example copies cleanly.
 */

/** Rows of cells; blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const src = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += ch
  }
  if (quoted) throw new Error('CSV ends inside a quoted field')
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''))
}

export interface Activity {
  /** 1-based line of the row in the file (header = line 1), for messages. */
  line: number
  description: string
  quantity: number
  unit: string
  country?: string
}

/** Activities from a CSV with the header `activity,quantity,unit[,country]` (any column order). */
export function readActivities(text: string): Activity[] {
  const [header, ...rows] = parseCsv(text)
  if (!header) throw new Error('the activities file is empty')
  const names = header.map((h) => h.trim().toLowerCase())
  const col = (name: string, required: boolean): number => {
    const at = names.indexOf(name)
    if (at < 0 && required) throw new Error(`the activities file needs a "${name}" column (found: ${names.join(', ')})`)
    return at
  }
  const activityCol = col('activity', true)
  const quantityCol = col('quantity', true)
  const unitCol = col('unit', true)
  const countryCol = col('country', false)
  return rows.map((cells, i) => {
    const line = i + 2
    const description = (cells[activityCol] ?? '').trim()
    const quantityText = (cells[quantityCol] ?? '').trim().replace(/[\s_]/g, '')
    const quantity = Number(quantityText)
    if (!description) throw new Error(`line ${line}: the activity is empty`)
    if (quantityText === '' || !Number.isFinite(quantity)) throw new Error(`line ${line}: quantity ${JSON.stringify(cells[quantityCol] ?? '')} is not a number`)
    const country = countryCol >= 0 ? (cells[countryCol] ?? '').trim() : ''
    return { line, description, quantity, unit: (cells[unitCol] ?? '').trim(), ...(country ? { country } : {}) }
  })
}
