/**
 * Helpers shared by the grid-intensity adapters (co2.js JSON files, IFI CSV): JSON pointers for
 * cell references, and the g -> kg conversion every one of them needs (publishers give g/kWh,
 * we serve kg per kWh and record the published value with its multiplier).
 */
import { readFileSync } from 'node:fs'
import Decimal from 'decimal.js'
import { IngestError } from '../types.ts'

/** Cloned constructor at precision 40: the proof recomputes `value` with exactly this. */
const D = Decimal.clone({ precision: 40 })

export const GRAMS_TO_KG = '0.001'

/** RFC 6901 pointer from path segments (`~` -> `~0`, `/` -> `~1`). */
export function jsonPointer(...segments: readonly string[]): string {
  return segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('')
}

/** `<file>#<pointer>`: the JSON flavour of a cell reference. */
export function jsonRef(file: string, ...segments: readonly string[]): string {
  return `${file}#${jsonPointer(...segments)}`
}

/** Served value of a published gram figure in kg: `published × 0.001`, exactly as the proof does it. */
export function gramsToKg(published: number): number {
  return Number(new D(published).times(GRAMS_TO_KG))
}

/** The `published` record for a value read in g per kWh and served in kg per kWh. */
export function publishedGrams(value: number, unit: string): { value: number; unit: string; conversion: string; multiplier: string } {
  return { value, unit, conversion: 'g to kg (÷ 1000)', multiplier: GRAMS_TO_KG }
}

/** Read and parse a JSON file; unreadable input names the file. */
export function readJson(absPath: string, file: string): unknown {
  let text: string
  try {
    text = readFileSync(absPath, 'utf8')
  } catch (e) {
    throw new IngestError(file, 'file', `cannot read: ${(e as Error).message}`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    throw new IngestError(file, 'file', `not valid JSON: ${(e as Error).message}`)
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A published number: a finite JSON number, or a string that `Number()` reads in full. */
export function publishedNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string') {
    const t = v.trim()
    if (t === '') return null
    const n = Number(t)
    return Number.isFinite(n) ? n : null
  }
  return null
}
