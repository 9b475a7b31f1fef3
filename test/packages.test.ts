/**
 * The package manifests keep the rules of docs/packages.md: one version (= ENGINE_VERSION) for every
 * published package and its internal dependencies, a CHANGELOG heading for it, licence and
 * repository fields, `files`, and exports that resolve to sources in the repo and to built files outside.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGINE_VERSION } from '@openfactors/engine'
import { PUBLISHED, REPO_ROOT } from './install/workspace.ts'

interface Manifest {
  name: string
  version: string
  private?: boolean
  license?: string
  repository?: { type: string; url: string; directory?: string }
  files?: string[]
  exports?: Record<string, string | Record<string, string>>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest
const root = read(join(REPO_ROOT, 'package.json'))
const packages = readdirSync(join(REPO_ROOT, 'packages')).map((dir) => ({ dir, manifest: read(join(REPO_ROOT, 'packages', dir, 'package.json')) }))
const published = packages.filter((p) => !p.manifest.private)

describe('published packages', () => {
  it('are the ones the pack-and-install test packs', () => {
    expect(published.map((p) => p.manifest.name).sort()).toEqual([...PUBLISHED].sort())
  })

  it('share one version, the engine version, with internal dependencies pinned to it and a CHANGELOG entry', () => {
    const changelog = readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8')
    expect(changelog).toContain(`\n## ${ENGINE_VERSION}\n`)
    for (const { manifest } of packages) {
      expect(manifest.version, manifest.name).toBe(ENGINE_VERSION)
      for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
        if (name.startsWith('@openfactors/')) expect(range, `${manifest.name} -> ${name}`).toBe(ENGINE_VERSION)
      }
    }
  })

  it('name a licence, the repository folder and the files to pack', () => {
    for (const { dir, manifest } of published) {
      expect(manifest.license, manifest.name).toMatch(/^(Apache-2\.0|SEE LICENSE IN LICENSES\.md)$/)
      expect(manifest.repository, manifest.name).toEqual({ ...root.repository, directory: `packages/${dir}` })
      expect(manifest.files, manifest.name).toContain('dist')
      expect(manifest.files?.some((f) => f.startsWith('src')), manifest.name).toBe(false)
    }
  })

  it('export the sources under @openfactors/source first, then types, then the built default', () => {
    for (const { manifest } of published) {
      for (const [path, target] of Object.entries(manifest.exports ?? {})) {
        if (typeof target === 'string') {
          expect(target, `${manifest.name} ${path}`).not.toMatch(/^\.\/(src|dist)\//)
          continue
        }
        expect(Object.keys(target), `${manifest.name} ${path}`).toEqual(['@openfactors/source', 'types', 'default'])
        expect(target['@openfactors/source'], `${manifest.name} ${path}`).toMatch(/^\.\/src\/.+\.ts$/)
        expect(target['types'], `${manifest.name} ${path}`).toMatch(/^\.\/dist\/.+\.d\.ts$/)
        expect(target['default'], `${manifest.name} ${path}`).toMatch(/^\.\/dist\/.+\.js$/)
      }
    }
  })
})
