/**
 * A one-line progress bar on stderr, redrawn with `\r`: percentage, phase, current item.
 * Silent when stderr is not a terminal (CI logs get the final report only).
 */
export interface ProgressBar {
  update(fraction: number, phase: string, current?: string): void
  done(): void
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr, width = 24): ProgressBar {
  const enabled = stream.isTTY === true
  let last = ''
  let lastAt = 0
  return {
    update(fraction, phase, current) {
      if (!enabled) return
      const f = Math.max(0, Math.min(1, fraction))
      const filled = Math.round(f * width)
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(f * 100).toFixed(0).padStart(3)}% ${phase}${current ? ` ${current}` : ''}`
      const now = Date.now()
      if (line === last || (now - lastAt < 80 && f < 1)) return
      last = line
      lastAt = now
      const cols = stream.columns || 100 // 0 when the terminal size is unknown
      stream.write(`\r${line.slice(0, cols - 1).padEnd(Math.min(cols - 1, 80))}`)
    },
    done() {
      if (enabled && last !== '') stream.write('\n')
      last = ''
    },
  }
}
