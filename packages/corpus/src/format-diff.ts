/** The release diff as text for the corpus CLI (`npm run corpus -- diff`). */
import type { ReleaseDiff } from '@openfactors/engine'

export function formatDiff(d: ReleaseDiff, limit = 50): string {
  const lines = [`${d.from} -> ${d.to}: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed, ${d.unchanged} unchanged`]
  const show = <T>(title: string, rows: T[], fmt: (r: T) => string) => {
    if (rows.length === 0) return
    lines.push(`${title}:`)
    for (const r of rows.slice(0, limit)) lines.push(`  ${fmt(r)}`)
    if (rows.length > limit) lines.push(`  ... and ${rows.length - limit} more`)
  }
  show('added', d.added, (r) => `+ ${r.key} = ${r.value} ${r.unit}`)
  show('removed', d.removed, (r) => `- ${r.key} = ${r.value} ${r.unit}`)
  show('changed', d.changed, (r) => `~ ${r.key}: ${r.old.value} ${r.old.unit} -> ${r.new.value} ${r.new.unit}`)
  return lines.join('\n')
}
