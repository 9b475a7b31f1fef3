/**
 * The three shapes of `cell_ref` (docs/decisions.md §1), parsed back into a place to read:
 * spreadsheets `'Sheet'!D23`, CSV `<file>#L<line>:<column name>`, JSON `<file>#<JSON pointer>`.
 */
import { parseCellRef } from '../read/workbook.ts'

export type ParsedRef =
  | { kind: 'sheet'; sheet: string; row0: number; col0: number }
  | { kind: 'csv'; file: string; line: number; column: string }
  | { kind: 'json'; file: string; pointer: string[] }

export function parseRef(ref: string): ParsedRef | null {
  if (ref.startsWith("'")) {
    const c = parseCellRef(ref)
    return c ? { kind: 'sheet', ...c } : null
  }
  const csv = /^([^#]+)#L(\d+):([\s\S]*)$/.exec(ref)
  if (csv && csv[1] !== undefined && csv[2] !== undefined && csv[3] !== undefined) {
    return { kind: 'csv', file: csv[1], line: Number(csv[2]), column: csv[3] }
  }
  const json = /^([^#]+)#(\/[\s\S]*)?$/.exec(ref)
  if (json && json[1] !== undefined) {
    const pointer = json[2] === undefined ? [] : json[2].slice(1).split('/').map(unescapePointer)
    return { kind: 'json', file: json[1], pointer }
  }
  return null
}

/** RFC 6901: `~1` is `/`, `~0` is `~` (in that order). */
export function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** `<file>#/a/b` for the JSON value at path [a, b]. */
export function jsonRef(file: string, path: readonly string[]): string {
  return `${file}#${path.map((p) => `/${escapePointer(p)}`).join('')}`
}
