/** The server only reads release artifacts: no server source imports the corpus (the build runs as its own process). */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

describe('server and corpus', () => {
  it('no server source imports @openfactors/corpus or corpus files', () => {
    const files = sources(join(import.meta.dirname, '..', 'src'))
    expect(files.length).toBeGreaterThan(20)
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/['"](@openfactors\/corpus|[./]+\/corpus\/)/)
  })
})
