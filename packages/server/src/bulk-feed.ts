/**
 * The business bulk feed: the latest release's factors from redistributable sources only, one JSON
 * object per line — the factor exactly as search returns it (the engine's `toSearchFactor`), with
 * its full source object — gzip-compressed with the web-standard CompressionStream. Built once per
 * data version and kept.
 */
import type { ReleaseArtifact } from '@openfactors/engine/release'
import { toSearchFactor } from '@openfactors/engine'

export function bulkLines(artifact: ReleaseArtifact): string[] {
  const editions = new Map(artifact.editions.filter((e) => e.redistributable).map((e) => [e.id, e]))
  const lines: string[] = []
  for (const row of artifact.factors) {
    const edition = editions.get(row.source_id)
    if (!edition) continue
    lines.push(JSON.stringify(toSearchFactor(row, edition, artifact.mb_version)))
  }
  return lines
}

export async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export interface BulkFeed {
  mb_version: string
  factor_count: number
  bytes: Uint8Array
}

export function bulkFeedCache(): (artifact: () => Promise<ReleaseArtifact>, mb_version: string) => Promise<BulkFeed> {
  let cached: Promise<BulkFeed> | undefined
  let version: string | undefined
  return (load, mb_version) => {
    if (!cached || version !== mb_version) {
      version = mb_version
      cached = load().then(async (artifact) => {
        const lines = bulkLines(artifact)
        return { mb_version, factor_count: lines.length, bytes: await gzip(lines.length ? `${lines.join('\n')}\n` : '') }
      })
      cached.catch(() => { cached = undefined })
    }
    return cached
  }
}
