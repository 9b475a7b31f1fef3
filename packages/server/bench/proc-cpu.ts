/**
 * CPU time from /proc for the benchmarks (Linux): user + system time of a process (all its threads)
 * or of one thread, from fields 14 and 15 of its `stat` (after the parenthesised name), in clock
 * ticks of 100 Hz.
 */
import { readFileSync } from 'node:fs'

/** CPU time (ms) in a `/proc/.../stat` text. */
export function statCpuMillis(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** CPU time (ms) a process has used so far, all its threads; undefined where /proc is missing. */
export function processCpuMillis(pid: number | undefined): number | undefined {
  try {
    return statCpuMillis(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}
