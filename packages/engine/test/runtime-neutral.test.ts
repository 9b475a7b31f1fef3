/** The engine runs in Node, a Web Worker and the server alike: no Node or DOM API in src. */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..', 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    // Benchmarks and test helpers live outside src/ (bench/, test/): everything here is the engine proper.
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** Code without comments and string literals, so prose mentioning "window" does not count. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, "''")
}

const FORBIDDEN_GLOBALS = ['window', 'self', 'document', 'process', 'Buffer', 'indexedDB', 'localStorage', 'navigator', 'require', '__dirname']

describe('engine source is runtime-neutral', () => {
  const files = sourceFiles(SRC)
  it('finds the engine sources', () => {
    expect(files.length).toBeGreaterThan(10)
  })
  it('imports no node: module or Node built-in', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(text, file).not.toMatch(/from\s+['"](node:|fs['"]|path['"]|crypto['"]|os['"]|zlib['"])/)
      expect(text, file).not.toMatch(/import\(\s*['"]node:/)
    }
  })
  it('uses no DOM or Node global', () => {
    for (const file of files) {
      const body = code(readFileSync(file, 'utf8'))
      for (const name of FORBIDDEN_GLOBALS) expect(body, `${file} uses ${name}`).not.toMatch(new RegExp(`(?<![.\\w$])${name}(?![\\w$])\\s*[.(\\[]`))
      expect(body, `${file} uses crypto.subtle`).not.toMatch(/crypto\s*\.\s*subtle/)
    }
  })
})
