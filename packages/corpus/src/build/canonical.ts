/**
 * Stable JSON for release artifacts: fixed key order (the schema's), no timestamps, and
 * empty optional fields left out so the latest release stays small. Same rows in, same
 * bytes out.
 */
import type { CellValue, Edition, FactorBasis, FactorRow, MaterialData, ReleaseArtifact } from '@openfactors/engine/release'
import { kindOf } from '@openfactors/engine/release'
import { RELEASE_FORMAT } from '@openfactors/engine/release'
import { toArtifactEdition } from '../lock/lock.ts'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

function cell(c: CellValue): { value: number; cell_ref: string } {
  return { value: c.value, cell_ref: c.cell_ref }
}

function cellOrNull(c: CellValue | null): { value: number; cell_ref: string } | null {
  return c === null ? null : cell(c)
}

/** Object with its keys sorted (for maps keyed by gas or module label). */
function sortedMap<V>(map: Partial<Record<string, V>>, f: (v: V) => Json): { [k: string]: Json } {
  const out: { [k: string]: Json } = {}
  for (const k of Object.keys(map).sort()) {
    const v = map[k]
    if (v !== undefined) out[k] = f(v)
  }
  return out
}

function material(m: MaterialData): { [k: string]: Json } {
  return {
    declared_unit: m.declared_unit,
    declared_quantity: cellOrNull(m.declared_quantity),
    density_kg_m3: cellOrNull(m.density_kg_m3),
    area_mass_kg_m2: cellOrNull(m.area_mass_kg_m2),
    kg_per_declared_unit: cellOrNull(m.kg_per_declared_unit),
    ...(m.units_per_kg ? { units_per_kg: cellOrNull(m.units_per_kg) } : {}),
    ...(m.mass_factor_reading !== undefined ? { mass_factor_reading: m.mass_factor_reading } : {}),
    thickness_m: cellOrNull(m.thickness_m),
    biogenic_separate: m.biogenic_separate,
  }
}

/** A basis in schema key order, fields only where set. */
function basis(b: FactorBasis): { [k: string]: Json } {
  const out: { [k: string]: Json } = {}
  if (b.calorific_value !== undefined) out.calorific_value = b.calorific_value
  if (b.price !== undefined) out.price = { currency: b.price.currency, year: b.price.year, basis: b.price.basis }
  if (b.ghg !== undefined) out.ghg = b.ghg
  if (b.electricity !== undefined) out.electricity = b.electricity
  if (b.biogenic !== undefined) out.biogenic = b.biogenic
  if (b.note !== undefined) out.note = b.note
  return out
}

/** One factor in schema key order; optional fields only when they carry something. */
export function canonicalFactor(f: FactorRow): { [k: string]: Json } {
  const out: { [k: string]: Json } = { key: f.key, name: f.name }
  if (f.name_original !== undefined && f.name_original !== '') out.name_original = f.name_original
  out.value = f.value
  out.unit = f.unit
  out.scope = f.scope
  out.section = f.section
  out.country = f.country
  if (f.region !== undefined && f.region !== null && f.region !== '') out.region = f.region
  out.source_id = f.source_id
  out.cell_ref = f.cell_ref
  if (f.published) {
    out.published = { value: f.published.value, unit: f.published.unit, conversion: f.published.conversion, multiplier: f.published.multiplier }
  }
  if (f.gases && Object.keys(f.gases).length > 0) out.gases = sortedMap(f.gases, cell)
  out.kind = kindOf(f)
  if (f.basis && Object.keys(f.basis).length > 0) out.basis = basis(f.basis)
  if (f.derived) out.derived = { op: f.derived.op, inputs: f.derived.inputs.map(cell) }
  if (f.modules && Object.keys(f.modules).length > 0) out.modules = sortedMap(f.modules, cell)
  if (f.material) out.material = material(f.material)
  if (f.tags && f.tags.length > 0) out.tags = [...f.tags]
  return out
}

export function canonicalEdition(e: Edition): { [k: string]: Json } {
  return toArtifactEdition(e) as unknown as { [k: string]: Json }
}

/**
 * The artifact as JSON text: one line per factor (diff-friendly when unzipped), editions
 * sorted by id, factors by key. Throws on non-finite numbers (JSON cannot hold them).
 */
export function artifactJson(a: ReleaseArtifact): string {
  const editions = [...a.editions].sort((x, y) => cmp(x.id, y.id)).map((e) => JSON.stringify(canonicalEdition(e)))
  const factors = [...a.factors].sort((x, y) => cmp(x.key, y.key)).map((f) => {
    if (!Number.isFinite(f.value)) throw new Error(`${f.key}: value ${f.value} is not a finite number`)
    return JSON.stringify(canonicalFactor(f))
  })
  return (
    `{"format":${JSON.stringify(RELEASE_FORMAT)},"mb_version":${JSON.stringify(a.mb_version)},"released_at":${JSON.stringify(a.released_at)},\n` +
    `"editions":[\n${editions.join(',\n')}\n],\n"factors":[\n${factors.join(',\n')}\n]${industryWordsJson(a.industry_words)}${wordVectorsJson(a.word_vectors)}${resolveModelJson(a.resolve_model)}}\n`
  )
}

/** `industry_words`, one code per line in code order, when the release has any. */
function industryWordsJson(words: ReleaseArtifact['industry_words']): string {
  if (!words) return ''
  const lines = Object.keys(words).sort(cmp).map((code) => `${JSON.stringify(code)}:${JSON.stringify(words[code])}`)
  return `,\n"industry_words":{\n${lines.join(',\n')}\n}`
}

/** `word_vectors` with its fields in a fixed order, when the release has them. */
function wordVectorsJson(v: ReleaseArtifact['word_vectors']): string {
  if (!v) return ''
  const j = JSON.stringify
  return `,\n"word_vectors":{"source":${j(v.source)},"dims":${j(v.dims)},\n"words":${j(v.words)},\n"signs":${j(v.signs)}}`
}

/** `resolve_model` with its fields in a fixed order and one industry's learned words per line. */
function resolveModelJson(model: ReleaseArtifact['resolve_model']): string {
  if (!model) return ''
  const j = JSON.stringify
  const curve = (c: { x: readonly number[]; y: readonly number[] }) => `{"x":${j(c.x)},"y":${j(c.y)}}`
  const words = Object.keys(model.learnedWords).sort(cmp).map((code) => `${j(code)}:${j(model.learnedWords[code])}`)
  return (
    `,\n"resolve_model":{"version":${j(model.version)},"features":${j(model.features)},"weights":${j(model.weights)},` +
    `"confidenceWeights":${j(model.confidenceWeights)},"calibration":${curve(model.calibration)},"calibrationBelow":${curve(model.calibrationBelow)},` +
    `"acceptAt":${j(model.acceptAt)},` +
    // A spend factor's own calibration and threshold, where the model has them (models from 2026-11-24 on).
    (model.calibrationSpend ? `"calibrationSpend":${curve(model.calibrationSpend)},` : '') +
    (model.acceptAtSpend !== undefined ? `"acceptAtSpend":${j(model.acceptAtSpend)},` : '') +
    `"learnedWords":{\n${words.join(',\n')}\n}}`
  )
}

/** Code-unit order: the same on every machine (no locale). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
