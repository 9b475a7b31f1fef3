/** No import in the engine goes up a layer (base → release → text → index → find → resolve → calc → engine). */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importSpecifiers, layerOf, layerProblems } from './layers.ts'

const SRC = join(import.meta.dirname, '..', 'src')

/** Source files (not tests) under src/, keyed by their path relative to src/. */
function engineSources(dir = SRC, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) engineSources(path, out)
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-d.ts')) out.set(relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8'))
  }
  return out
}

describe('engine layers', () => {
  it('the engine source has no back-import', () => {
    const files = engineSources()
    expect(files.size).toBeGreaterThan(40)
    expect(layerProblems(files)).toEqual([])
  })

  it('every layer folder holds code', () => {
    const layers = new Set([...engineSources().keys()].map(layerOf))
    expect([...layers].sort()).toEqual(['base', 'calc', 'engine', 'find', 'index', 'release', 'resolve', 'text'])
  })

  it('fails on a deliberate back-import', () => {
    const files = new Map([
      ['errors.ts', 'export class EngineError {}'],
      ['release/schema.ts', "import { EngineError } from '../errors.ts'"],
      // text/ reaching up into resolve/: the back-arrow the rule forbids.
      ['text/units.ts', "import { rank } from '../resolve/rank.ts'\nimport type { X } from '../release/schema.ts'"],
      ['resolve/rank.ts', "import { units } from '../text/units.ts'"],
    ])
    expect(layerProblems(files)).toEqual([{ file: 'text/units.ts', imports: 'resolve/rank.ts', problem: 'text imports resolve, a higher layer' }])
  })

  it('catches re-exports, dynamic imports and the base reaching up', () => {
    const files = new Map([
      ['version.ts', "export { snapshot } from './index/snapshot.ts'"],
      ['index/snapshot.ts', "const m = await import('../find/search.ts')"],
      ['engine.ts', "import { x } from './calc/index.ts'"],
    ])
    expect(layerProblems(files).map((p) => p.problem)).toEqual(['base imports index, a higher layer', 'index imports find, a higher layer'])
  })

  it('rejects files outside the known layers and imports leaving src/', () => {
    const files = new Map([
      ['misc/helper.ts', ''],
      ['find/search.ts', "import { fixture } from '../../test/fixture.ts'"],
    ])
    expect(layerProblems(files).map((p) => p.problem)).toEqual(['folder is not one of the layers', 'imports outside the engine layers'])
  })

  it('reads import specifiers of every form', () => {
    const source = "import a from './a.ts'\nimport type { B } from '../b.ts'\nexport * from './c.ts'\nimport './d.ts'\nconst e = import('./e.ts')\nimport { z } from 'zod'"
    expect(importSpecifiers(source)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts'])
  })
})
