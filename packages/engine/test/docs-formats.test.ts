/** Every format and version the docs name is the one the code uses (docs/engine.md, docs/browser.md, ...). */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGINE_VERSION, SNAPSHOT_FORMAT } from '../src/index.ts'
import { RELEASE_FORMAT } from '../src/release/schema.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const DOCS = [...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f)), join(ROOT, 'README.md')]

/** Each `openfactors.<name>/<n>` a doc mentions, with the file it is in. */
function formatMentions(prefix: string): Array<{ file: string; format: string }> {
  const pattern = new RegExp(`${prefix.replace('.', '\\.')}/\\d+`, 'g')
  return DOCS.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => ({ file, format: m[0] })))
}

describe('docs name the formats the code uses', () => {
  it('snapshot format', () => {
    const mentions = formatMentions('openfactors.engine-snapshot')
    expect(mentions.length).toBeGreaterThan(0)
    for (const m of mentions) expect(m.format, m.file).toBe(SNAPSHOT_FORMAT)
  })
  it('release artifact format', () => {
    for (const m of formatMentions('openfactors.release')) expect(m.format, m.file).toBe(RELEASE_FORMAT)
  })
  it('engine version in the stored snapshot format of the browser docs', () => {
    const browser = readFileSync(join(ROOT, 'docs', 'browser.md'), 'utf8')
    expect(browser).toContain(`${SNAPSHOT_FORMAT}+engine-${ENGINE_VERSION}+json-utf8`)
  })
})
