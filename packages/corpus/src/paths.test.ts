import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { datasetsPresent, defaultLockPath, defaultOutDir, findDatasetsDir, repoRoot } from './paths.ts'

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
  it('sees datasets only where a file is: empty dataset directories (a failed first fetch) are none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openfactors-datasets-'))
    try {
      expect(datasetsPresent(join(dir, 'absent'))).toBe(false)
      mkdirSync(join(dir, 'uk-desnz-ghg-conversion-factors'))
      mkdirSync(join(dir, 'us-epa-egrid'))
      expect(datasetsPresent(dir)).toBe(false)
      writeFileSync(join(dir, 'us-epa-egrid', 'egrid.xlsx'), 'x')
      expect(datasetsPresent(dir)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
