/** The README's "Use it in your app" snippets, by the `<!-- install-test: NAME -->` marker above each block. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './workspace.ts'

export function readmeSnippet(name: string): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
  const marker = `<!-- install-test: ${name} -->`
  const at = readme.indexOf(marker)
  if (at < 0) throw new Error(`README.md has no ${marker}`)
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(readme.slice(at + marker.length))
  if (!block?.[1]) throw new Error(`README.md: no code block after ${marker}`)
  return block[1]
}
