/**
 * The engine's layers, bottom to top, and the rule between them: a source file imports only
 * files of its own layer or of a layer below. docs/architecture.md draws the same picture.
 * Node-only helper for test/layers.test.ts (reads no files itself).
 */

/** Layers in order; a file's layer is its first folder under src/ (files directly in src/ are `base`). */
export const LAYERS = ['base', 'release', 'text', 'index', 'find', 'resolve', 'calc', 'engine'] as const
export type Layer = (typeof LAYERS)[number]

/** Files directly in src/ that sit at the top rather than in the base. */
const TOP_FILES = new Set(['engine.ts', 'index.ts', 'requests.ts'])

/** The layer of a path relative to src/ (`find/search.ts`), or null for an unknown folder. */
export function layerOf(path: string): Layer | null {
  const parts = path.split('/')
  if (parts.length === 1) return TOP_FILES.has(path) ? 'engine' : 'base'
  const folder = parts[0] as Layer
  return (LAYERS as readonly string[]).includes(folder) && folder !== 'base' && folder !== 'engine' ? folder : null
}

/** Relative module specifiers a file imports or re-exports (static and dynamic). */
export function importSpecifiers(source: string): string[] {
  const out: string[] = []
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm
  for (const m of source.matchAll(pattern)) if (m[2] !== undefined) out.push(m[2])
  return out
}

/** Resolve `./x.ts` / `../y/z.ts` against a src-relative file path; null when it leaves src/. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  const parts = from.split('/').slice(0, -1)
  for (const segment of specifier.split('/')) {
    if (segment === '.' || segment === '') continue
    if (segment === '..') {
      if (parts.length === 0) return null
      parts.pop()
    } else parts.push(segment)
  }
  return parts.join('/')
}

export interface LayerProblem {
  file: string
  imports: string
  problem: string
}

/** Every import that goes up a layer, leaves src/, or touches a file of no known layer. */
export function layerProblems(files: ReadonlyMap<string, string>): LayerProblem[] {
  const problems: LayerProblem[] = []
  for (const [file, source] of files) {
    const own = layerOf(file)
    if (own === null) {
      problems.push({ file, imports: '', problem: 'folder is not one of the layers' })
      continue
    }
    for (const specifier of importSpecifiers(source)) {
      const target = resolveSpecifier(file, specifier)
      const theirs = target === null ? null : layerOf(target)
      if (target === null || theirs === null) {
        problems.push({ file, imports: specifier, problem: 'imports outside the engine layers' })
      } else if (LAYERS.indexOf(theirs) > LAYERS.indexOf(own)) {
        problems.push({ file, imports: target, problem: `${own} imports ${theirs}, a higher layer` })
      }
    }
  }
  return problems
}
