import { describe, expect, it } from 'vitest'
import { checkPublishedAt, dateInText, excelSerialDate } from './published-at.ts'
import { readLock } from './lock.ts'
import { datasetsPresent, findDatasetsDir } from '../paths.ts'

describe('dates as publishers write them', () => {
  it('parses the forms found in the files', () => {
    expect(dateInText('Last Modified: 12 September 2023')).toBe('2023-09-12')
    expect(dateInText('Last Modified: February 13, 2024')).toBe('2024-02-13')
    expect(dateInText('Produced on 03/27/2025 with')).toBe('2025-03-27')
    expect(dateInText('saved 2024-10-30')).toBe('2024-10-30')
    expect(dateInText('no date here')).toBeNull()
  })
  it('turns Excel serials into dates (1900 system)', () => {
    expect(excelSerialDate(42634)).toBe('2016-09-21')
    expect(excelSerialDate(44013)).toBe('2020-07-01')
  })
})

const dir = findDatasetsDir()
describe.skipIf(!datasetsPresent(dir))(`published_at in the lock${datasetsPresent(dir) ? '' : ` (skipped: no datasets in ${dir}; npm run corpus -- fetch)`}`, () => {
  it('equals the date each file states (front page, Last Modified text, document properties)', () => {
    const problems = readLock().editions.map((e) => checkPublishedAt(e, dir)).filter((p) => p !== null)
    expect(problems).toEqual([])
  })
})
