import { describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defaultLockPath, defaultOutDir, findDatasetsDir, repoRoot } from './paths.ts'

describe('paths', () => {
  it('finds the repo root from this file, whatever the working directory', () => {
    expect(existsSync(join(repoRoot(), 'packages', 'corpus', 'package.json'))).toBe(true)
    expect(defaultOutDir()).toBe(join(repoRoot(), 'data', 'releases'))
    expect(existsSync(defaultLockPath())).toBe(true)
  })
  it('takes OPENFACTORS_DATASETS first, then ../shared/datasets when it exists, then ./datasets', () => {
    expect(findDatasetsDir({ OPENFACTORS_DATASETS: '/x/y' })).toBe(resolve('/x/y'))
    const shared = resolve(repoRoot(), '..', 'shared', 'datasets')
    expect(findDatasetsDir({})).toBe(existsSync(shared) ? shared : join(repoRoot(), 'datasets'))
    expect(findDatasetsDir({ OPENFACTORS_DATASETS: '  ' })).toBe(findDatasetsDir({}))
  })
})
