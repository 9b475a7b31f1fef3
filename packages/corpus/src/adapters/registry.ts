/**
 * Adapter id -> adapter. Each adapter lives in `./<id>/index.ts` and exports `adapter`.
 * Imports are lazy (dynamic `import()`), so the registry compiles and the build runs while
 * some adapter folders do not exist yet: a missing adapter is an error for its editions only.
 */
import type { SourceAdapter } from './types.ts'

export const ADAPTER_IDS = [
  'uk-flat',
  'uk-full-set',
  'epa-supply-chain',
  'epa-hub',
  'egrid-summary',
  'nga',
  'co2js-average',
  'co2js-emaps',
  'co2js-marginal',
  'ifi-csv',
  'oefdb',
  'oekobaudat',
] as const
export type AdapterId = (typeof ADAPTER_IDS)[number]

export class AdapterUnavailableError extends Error {
  constructor(
    readonly adapterId: string,
    reason: string,
  ) {
    super(`adapter ${adapterId} is not available: ${reason}`)
    this.name = 'AdapterUnavailableError'
  }
}

function isSourceAdapter(value: unknown): value is SourceAdapter {
  if (typeof value !== 'object' || value === null) return false
  const v = value as { id?: unknown; ingest?: unknown }
  return typeof v.id === 'string' && typeof v.ingest === 'function'
}

export function isAdapterId(id: string): id is AdapterId {
  return (ADAPTER_IDS as readonly string[]).includes(id)
}

const loaded = new Map<string, Promise<SourceAdapter>>()

/** Load an adapter; rejects with AdapterUnavailableError when its module is missing or malformed. */
export function loadAdapter(id: string): Promise<SourceAdapter> {
  const hit = loaded.get(id)
  if (hit) return hit
  const p = importAdapter(id)
  loaded.set(id, p)
  return p
}

async function importAdapter(id: string): Promise<SourceAdapter> {
  if (!isAdapterId(id)) throw new AdapterUnavailableError(id, `unknown adapter id (known: ${ADAPTER_IDS.join(', ')})`)
  let mod: { adapter?: unknown }
  try {
    mod = (await import(`./${id}/index.ts`)) as { adapter?: unknown }
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err)
    throw new AdapterUnavailableError(id, `cannot import ./${id}/index.ts (${msg.split('\n')[0]})`)
  }
  if (!isSourceAdapter(mod.adapter)) throw new AdapterUnavailableError(id, `./${id}/index.ts does not export \`adapter\``)
  if (mod.adapter.id !== id) throw new AdapterUnavailableError(id, `./${id}/index.ts exports adapter id ${mod.adapter.id}`)
  return mod.adapter
}

/** Which adapters can be loaded right now (for `stats` and the docs). */
export async function availableAdapters(): Promise<{ id: AdapterId; ok: boolean; reason?: string }[]> {
  const out: { id: AdapterId; ok: boolean; reason?: string }[] = []
  for (const id of ADAPTER_IDS) {
    try {
      await loadAdapter(id)
      out.push({ id, ok: true })
    } catch (err) {
      out.push({ id, ok: false, reason: err instanceof Error ? err.message : String(err) })
    }
  }
  return out
}
