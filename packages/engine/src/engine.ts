/**
 * createEngine: the synchronous engine every host wraps (Node, Web Worker, HTTP server, MCP).
 * Holds several releases side by side; `as_of` picks one (docs/decisions.md §2).
 */
import { calculateEmbodied, calculatePcaf } from './calc/index.ts'
import type { CalcContext } from './calc/index.ts'
import { calculateEmissions } from './calc/emissions/calculate.ts'
import { emissionsDeps } from './calc/emissions/deps.ts'
import { engineError } from './errors.ts'
import { searchRelease } from './find/search.ts'
import { toLookupResponse } from './find/shapes.ts'
import { validate } from './validate.ts'
import { LoadedRelease } from './index/loaded.ts'
import type { ArtifactInput, ValidationMode } from './release/parse.ts'
import { parseArtifact } from './release/parse.ts'
import type { ReleaseArtifact } from './release/schema.ts'
import type { ReleaseStamp } from './release/select.ts'
import { compareReleases, selectRelease } from './release/select.ts'
import type { ReleaseView } from './release/view.ts'
import type { EngineRequests, EngineResponses } from './requests.ts'
import { REQUEST_CHECKS } from './requests.ts'
import { resolveRelease } from './resolve/resolve.ts'
import type { ResolveModel } from './resolve/model.ts'
import { modelFor } from './resolve/model.ts'
import type { EngineSnapshot } from './index/snapshot.ts'
import { checkSnapshot, snapshotArtifact, takeSnapshot } from './index/snapshot.ts'
import { AsOfSchema } from './params.ts'
import { z } from 'zod'

export interface EngineOptions {
  /** Releases that exist (manifest entries); those not loaded yet are fetched with `loadRelease`. */
  catalog?: readonly ReleaseStamp[]
  /** Synchronous loader for a catalog release (Node hosts read the artifact from disk). */
  loadRelease?: (mb_version: string) => ArtifactInput
  /** `light` (default) checks rows by hand; `full` runs zod on every row. */
  validation?: ValidationMode
  /**
   * The resolve model for releases that carry none this engine can use (built before engine 0.5.0).
   * Node hosts pass the fitted one (`@openfactors/engine/resolve-model`); a browser gets it with the release.
   */
  resolveModel?: ResolveModel
}

export interface ReleaseInfo {
  mb_version: string
  released_at: string
  loaded: boolean
  /** Number of factors, when loaded. */
  factor_count?: number
}

export interface LookupOptions {
  as_of?: string
}

export interface Engine {
  /** Load an artifact (object, JSON string or JSON bytes; gunzip first) and index it. */
  load(artifact: ArtifactInput): ReleaseInfo
  /** Every known release (catalog and loaded), oldest first. */
  releases(): ReleaseInfo[]
  /** The mb_version that answers `as_of` (throws as_of_out_of_range). */
  select(as_of?: string): string
  isLoaded(mb_version: string): boolean
  /** Plain, structured-clone-safe snapshot of one loaded release (default: latest loaded). */
  snapshot(mb_version?: string): EngineSnapshot
  /** Load a snapshot without re-indexing. */
  restore(snapshot: EngineSnapshot): ReleaseInfo
  search(req?: EngineRequests['search']): EngineResponses['search']
  lookup(key: string, options?: LookupOptions): EngineResponses['lookup']
  resolve(req: EngineRequests['resolve']): EngineResponses['resolve']
  pcaf(req: EngineRequests['pcaf'], ctx?: CalcContext): EngineResponses['pcaf']
  embodied(req: EngineRequests['embodied'], ctx?: CalcContext): EngineResponses['embodied']
  /** Emissions of an activity ledger: quantity x factor with units converted (docs/emissions.md). */
  emissions(req: EngineRequests['emissions'], ctx?: CalcContext): EngineResponses['emissions']
  /** The ReleaseView calculations read (throws like `select`). */
  view(as_of?: string): ReleaseView
}

const LookupOptionsSchema = z.object({ as_of: AsOfSchema }).optional()

function asOfOf(req: unknown): string | undefined {
  if (typeof req !== 'object' || req === null) return undefined
  const as_of = (req as Record<string, unknown>).as_of
  return typeof as_of === 'string' && as_of.trim() !== '' ? as_of.trim() : undefined
}

export function createEngine(options: EngineOptions = {}): Engine {
  const loaded = new Map<string, LoadedRelease>()
  const catalog = new Map<string, ReleaseStamp>()
  for (const entry of options.catalog ?? []) catalog.set(entry.mb_version, { mb_version: entry.mb_version, released_at: entry.released_at })
  const mode = options.validation ?? 'light'

  // Releases oldest first, kept sorted so a request does not sort the catalog again.
  let ordered: ReleaseStamp[] = [...catalog.values()].sort(compareReleases)

  function add(release: LoadedRelease): ReleaseInfo {
    loaded.set(release.mb_version, release)
    catalog.set(release.mb_version, { mb_version: release.mb_version, released_at: release.released_at })
    ordered = [...catalog.values()].sort(compareReleases)
    return info(release.mb_version)
  }

  function info(mb_version: string): ReleaseInfo {
    const stamp = catalog.get(mb_version)
    const release = loaded.get(mb_version)
    const out: ReleaseInfo = { mb_version, released_at: stamp?.released_at ?? release?.released_at ?? '', loaded: release !== undefined }
    if (release) out.factor_count = release.rows.length
    return out
  }

  function select(as_of?: string): string {
    // The common case, no as_of: the latest release, without going through the date rules.
    const latest = ordered[ordered.length - 1]
    if ((as_of === undefined || as_of === '') && latest) return latest.mb_version
    return selectRelease(ordered, as_of).mb_version
  }

  function release(as_of?: string): LoadedRelease {
    const mb_version = select(as_of)
    const hit = loaded.get(mb_version)
    if (hit) return hit
    if (!options.loadRelease) {
      throw engineError('release_invalid', `Data version ${mb_version} is not loaded in this engine.`, { reason: `release ${mb_version} not loaded` })
    }
    const artifact = parseArtifact(options.loadRelease(mb_version), mode)
    if (artifact.mb_version !== mb_version) {
      throw engineError('release_invalid', `loadRelease(${mb_version}) returned release ${artifact.mb_version}.`, { reason: 'loader returned another release' })
    }
    add(new LoadedRelease(artifact))
    return loaded.get(mb_version) as LoadedRelease
  }

  return {
    load(input) {
      const artifact: ReleaseArtifact = parseArtifact(input, mode)
      return add(new LoadedRelease(artifact))
    },
    releases() {
      return ordered.map((s) => info(s.mb_version))
    },
    select,
    isLoaded: (mb_version) => loaded.has(mb_version),
    snapshot(mb_version) {
      const target = mb_version ?? selectRelease([...loaded.values()]).mb_version
      const r = loaded.get(target)
      if (!r) throw engineError('release_invalid', `Data version ${target} is not loaded.`, { reason: `release ${target} not loaded` })
      return takeSnapshot(r)
    },
    restore(snapshot) {
      const checked = checkSnapshot(snapshot)
      // The engine wrote the snapshot from a validated artifact: check the envelope only, unless
      // the index must be rebuilt anyway.
      const artifact = parseArtifact(snapshotArtifact(checked.snapshot), checked.reuseIndex ? 'envelope' : mode)
      return add(checked.reuseIndex ? new LoadedRelease(artifact, checked.snapshot.index, checked.snapshot.gas_indexes) : new LoadedRelease(artifact))
    },
    search(req = {}) {
      const parsed = REQUEST_CHECKS.search(req)
      return searchRelease(release(parsed.as_of), parsed)
    },
    lookup(key, lookupOptions) {
      const opts = validate(LookupOptionsSchema, lookupOptions)
      const r = release(opts?.as_of)
      // Keys are lower case; " Fuels.GB.…" typed by hand still finds its factor.
      const row = typeof key === 'string' ? (r.factor(key) ?? r.factor(key.trim().toLowerCase())) : undefined
      if (!row) {
        const wanted = String(key)
        throw engineError('factor_not_found', `No factor with key "${wanted}" in data version ${r.mb_version}.`, {
          key: wanted,
          candidates: r.candidates(wanted, 5),
        })
      }
      return toLookupResponse(row, r.editionOf(row), r.mb_version)
    },
    resolve(req) {
      const parsed = REQUEST_CHECKS.resolve(req)
      const r = release(parsed.as_of)
      return resolveRelease(r, parsed, modelFor(r, options.resolveModel))
    },
    pcaf(req, ctx) {
      return calculatePcaf(req, release(asOfOf(req)), ctx)
    },
    embodied(req, ctx) {
      return calculateEmbodied(req, release(asOfOf(req)), ctx)
    },
    emissions(req, ctx) {
      const r = release(asOfOf(req))
      return calculateEmissions(req, r, emissionsDeps(r, modelFor(r, options.resolveModel)), ctx)
    },
    view(as_of) {
      return release(as_of)
    },
  }
}
