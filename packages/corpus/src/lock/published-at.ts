/**
 * `published_at` in the lock is read from the file where the file says it. This re-reads the
 * named place and checks the lock's date, so the lock cannot drift from the files.
 */
import { join } from 'node:path'
import * as XLSX from '@e965/xlsx'
import { cellAt, parseCellRef, readWorkbook } from '../read/workbook.ts'
import type { LockEdition } from './schema.ts'

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** Dates as publishers write them: `12 September 2023`, `February 13, 2024`, `03/27/2025` (US), `2024-10-30`. */
export function dateInText(text: string): string | null {
  const t = text.toLowerCase()
  let m = /(\d{4})-(\d{2})-(\d{2})/.exec(t)
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /(\d{1,2}) (january|february|march|april|may|june|july|august|september|october|november|december) (\d{4})/.exec(t)
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[2]!) + 1, Number(m[1]))
  m = /(january|february|march|april|may|june|july|august|september|october|november|december) (\d{1,2}),? (\d{4})/.exec(t)
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[1]!) + 1, Number(m[2]))
  m = /(\d{2})\/(\d{2})\/(\d{4})/.exec(t)
  if (m) return iso(Number(m[3]), Number(m[1]), Number(m[2]))
  return null
}

/** Excel serial day number -> YYYY-MM-DD (1900 date system). */
export function excelSerialDate(serial: number): string {
  const p = XLSX.SSF.parse_date_code(serial)
  return iso(p.y, p.m, p.d)
}

/** The date the file states, or null when the basis is `documented`. Throws when unreadable. */
export function readPublishedAt(edition: LockEdition, datasetsDir: string): string | null {
  const basis = edition.published_at_basis
  if (basis.kind === 'documented') return null
  const wb = readWorkbook(join(datasetsDir, basis.file), { fresh: true })
  if (basis.kind === 'doc_modified') {
    const d = wb.Props?.ModifiedDate
    if (!(d instanceof Date)) throw new Error(`${basis.file}: no modified date in the document properties`)
    return d.toISOString().slice(0, 10)
  }
  const ref = parseCellRef(basis.ref)
  const sheet = ref ? wb.Sheets[ref.sheet] : undefined
  const cell = ref && sheet ? cellAt(sheet, ref.row0, ref.col0) : undefined
  if (!cell) throw new Error(`${basis.file}: ${basis.ref} is empty`)
  if (basis.kind === 'cell') {
    if (typeof cell.v === 'number') return excelSerialDate(cell.v)
    if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10)
  }
  const found = dateInText(String(cell.v))
  if (!found) throw new Error(`${basis.file}: ${basis.ref} holds no date (${JSON.stringify(cell.v)})`)
  return found
}

/** A message when the lock's `published_at` differs from the file, else null. */
export function checkPublishedAt(edition: LockEdition, datasetsDir: string): string | null {
  const stated = readPublishedAt(edition, datasetsDir)
  if (stated === null || stated === edition.published_at) return null
  return `${edition.id}: lock says published_at ${edition.published_at} but ${edition.published_at_basis.kind === 'documented' ? 'the lock' : edition.published_at_basis.file} says ${stated}`
}
