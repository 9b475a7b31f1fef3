/**
 * Turn bytes, a JSON string or an object into a validated ReleaseArtifact.
 *
 * `full` runs the zod schema on every row. `light` (the default) validates the envelope and
 * editions with zod and checks each row by hand for the fields the engine relies on: full zod
 * parsing of ~20k rows costs a large share of the cold-start budget (see docs/benchmarks.md).
 * The corpus build already validated and proved every row before writing the artifact.
 */
import { z } from 'zod'
import { engineError } from '../errors.ts'
import type { ReleaseArtifact } from './schema.ts'
import { EditionSchema, FactorKindSchema, FACTOR_KEY_PATTERN, MB_VERSION_PATTERN, RELEASE_FORMAT, ReleaseArtifactSchema } from './schema.ts'

export type ArtifactInput = ReleaseArtifact | string | Uint8Array
/** `envelope` checks only the envelope and editions: for snapshots this engine wrote itself. */
export type ValidationMode = 'full' | 'light' | 'envelope'

const EnvelopeSchema = z.object({
  format: z.literal(RELEASE_FORMAT),
  mb_version: z.string().regex(MB_VERSION_PATTERN),
  released_at: z.string(),
  editions: z.array(EditionSchema),
  factors: z.array(z.unknown()),
  industry_words: ReleaseArtifactSchema.shape.industry_words,
  word_vectors: ReleaseArtifactSchema.shape.word_vectors,
  resolve_model: ReleaseArtifactSchema.shape.resolve_model,
})

const SCOPES = new Set(['scope_1', 'scope_2', 'scope_3', 'outside_scopes'])
const KINDS: ReadonlySet<string> = new Set(FactorKindSchema.options)

function invalid(reason: string): never {
  throw engineError('release_invalid', `Release artifact is not valid: ${reason}`, { reason })
}

/** TextDecoder exists in every runtime; reached through globalThis so the engine's lib stays ES-only. */
const Utf8Decoder = (globalThis as unknown as { TextDecoder: new () => { decode(bytes: Uint8Array): string } }).TextDecoder

function toObject(input: ArtifactInput): unknown {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) return input
  const text = typeof input === 'string' ? input : new Utf8Decoder().decode(input)
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    return invalid(`not JSON (${e instanceof Error ? e.message : String(e)}); gunzip .json.gz artifacts before loading`)
  }
}

function zodReason(error: z.ZodError): string {
  const first = error.issues[0]
  return first ? `${first.path.join('.')}: ${first.message}` : 'schema mismatch'
}

/** Check one row by hand; returns a reason or null. */
function rowProblem(row: unknown, editions: ReadonlySet<string>): string | null {
  if (typeof row !== 'object' || row === null) return 'not an object'
  const r = row as Record<string, unknown>
  if (typeof r.key !== 'string' || !FACTOR_KEY_PATTERN.test(r.key)) return `bad key ${JSON.stringify(r.key)}`
  if (typeof r.name !== 'string') return 'name is not a string'
  if (typeof r.value !== 'number' || !Number.isFinite(r.value)) return 'value is not a finite number'
  if (typeof r.unit !== 'string') return 'unit is not a string'
  if (typeof r.section !== 'string') return 'section is not a string'
  if (typeof r.country !== 'string') return 'country is not a string'
  if (typeof r.cell_ref !== 'string') return 'cell_ref is not a string'
  if (r.scope !== null && !(typeof r.scope === 'string' && SCOPES.has(r.scope))) return `bad scope ${JSON.stringify(r.scope)}`
  if (typeof r.source_id !== 'string' || !editions.has(r.source_id)) return `unknown source_id ${JSON.stringify(r.source_id)}`
  if (r.tags !== undefined && !Array.isArray(r.tags)) return 'tags is not an array'
  if (r.kind !== undefined && !(typeof r.kind === 'string' && KINDS.has(r.kind))) return `bad kind ${JSON.stringify(r.kind)}`
  if (r.basis !== undefined && (typeof r.basis !== 'object' || r.basis === null)) return 'basis is not an object'
  return null
}

export function parseArtifact(input: ArtifactInput, mode: ValidationMode = 'light'): ReleaseArtifact {
  const raw = toObject(input)
  let artifact: ReleaseArtifact
  if (mode === 'full') {
    const parsed = ReleaseArtifactSchema.safeParse(raw)
    if (!parsed.success) invalid(zodReason(parsed.error))
    artifact = parsed.data
  } else {
    const envelope = EnvelopeSchema.safeParse(raw)
    if (!envelope.success) invalid(zodReason(envelope.error))
    const editionIds = new Set(envelope.data.editions.map((e) => e.id))
    const rows = envelope.data.factors
    if (mode === 'envelope') return envelope.data as ReleaseArtifact
    for (let i = 0; i < rows.length; i++) {
      const problem = rowProblem(rows[i], editionIds)
      if (problem !== null) invalid(`factors.${i}: ${problem}`)
    }
    // Rows passed the checks above; the rest of their shape is the corpus build's guarantee.
    artifact = envelope.data as ReleaseArtifact
  }
  const seen = new Set<string>()
  for (const row of artifact.factors) {
    if (seen.has(row.key)) invalid(`duplicate key ${row.key}`)
    seen.add(row.key)
  }
  return artifact
}
