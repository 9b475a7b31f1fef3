import { describe, expect, it } from 'vitest'
import { progressBar } from './progress.ts'

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = []
  const stream = { isTTY, columns: 100, write: (s: string) => { written.push(s); return true } } as unknown as NodeJS.WriteStream
  return { stream, written }
}

describe('progressBar', () => {
  it('redraws one line with \\r, percentage, phase and current item, and ends it with a newline', () => {
    const { stream, written } = fakeStream(true)
    const bar = progressBar(stream, 10)
    bar.update(0.5, 'ingest', 'uk-desnz-ghg-cf-2026')
    bar.update(1, 'write')
    bar.done()
    expect(written[0]).toMatch(/^\r\[#####\.\.\.\.\.\] {2}50% ingest uk-desnz-ghg-cf-2026/)
    expect(written[1]).toMatch(/^\r\[##########\] 100% write/)
    expect(written[2]).toBe('\n')
  })
  it('stays silent when stderr is not a terminal', () => {
    const { stream, written } = fakeStream(false)
    const bar = progressBar(stream)
    bar.update(0.3, 'prove')
    bar.done()
    expect(written).toEqual([])
  })
})
