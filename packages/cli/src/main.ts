/**
 * `openfactors <command>`: a thin shell over the engine (all maths is the engine's).
 *
 *   openfactors emissions ledger.csv [--out FILE|-] [--as-of V] [--releases DIR] [--chunk N]
 *   openfactors resolve "diesel for vans" [--unit U] [--country C] [--limit N] [--json]
 *   openfactors lookup fuels.gb.some_fuel.litres [--as-of V] [--json]
 *
 * Exit codes: 0 done; 1 usage, file or data errors; 2 emissions computed but some lines failed.
 */
import { isEngineError } from '@openfactors/engine'
import { runEmissions } from './commands/emissions.ts'
import { runLookup } from './commands/lookup.ts'
import { runResolve } from './commands/resolve.ts'
import { defaultReleasesDir } from './local.ts'

export interface Io {
  out(text: string): void
  err(text: string): void
  /** Whether progress may redraw one line (a terminal). */
  tty: boolean
}

export interface Args {
  positional: string[]
  flags: Map<string, string | true>
}

const USAGE = `Usage:
  openfactors emissions <ledger.csv|.tsv> [--out FILE|-] [--as-of VERSION|DATE] [--releases DIR] [--chunk N]
      columns: description or factor_key, quantity, unit, optional country and id;
      writes <ledger>.emissions.csv (or --out) with factor_key_used, factor, source, cell_ref, emissions_kg_co2e,
      scope, confidence, decision and error columns; prints totals by scope; exit 2 when lines failed.
  openfactors resolve "<description>" [--unit UNIT] [--country CODE] [--limit N] [--as-of V] [--json]
  openfactors lookup <factor_key> [--as-of V] [--json]
`

export function parseArgs(argv: readonly string[]): Args {
  const positional: string[] = []
  const flags = new Map<string, string | true>()
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? ''
    if (a.startsWith('--')) {
      const eq = a.indexOf('=')
      if (eq > 0) flags.set(a.slice(2, eq), a.slice(eq + 1))
      else {
        const next = argv[i + 1]
        if (next !== undefined && (!next.startsWith('--') || next === '-') && a !== '--json' && a !== '--help') {
          flags.set(a.slice(2), next)
          i++
        } else flags.set(a.slice(2), true)
      }
    } else positional.push(a)
  }
  return { positional, flags }
}

export function flag(args: Args, name: string): string | undefined {
  const v = args.flags.get(name)
  return typeof v === 'string' ? v : undefined
}

export function releasesDir(args: Args): string {
  return flag(args, 'releases') ?? process.env['OPENFACTORS_RELEASES_DIR'] ?? defaultReleasesDir()
}

const defaultIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  tty: process.stderr.isTTY === true,
}

export async function main(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const args = parseArgs(argv)
  const [command, ...rest] = args.positional
  const sub: Args = { positional: rest, flags: args.flags }
  if (!command || args.flags.has('help') || command === 'help') {
    io.out(USAGE)
    return command ? 0 : 1
  }
  try {
    if (command === 'emissions') return await runEmissions(sub, io)
    if (command === 'resolve') return runResolve(sub, io)
    if (command === 'lookup') return runLookup(sub, io)
    io.err(`openfactors: unknown command "${command}"\n${USAGE}`)
    return 1
  } catch (err) {
    if (isEngineError(err)) io.err(`openfactors: ${err.code}: ${err.message}\n`)
    else io.err(`openfactors: ${err instanceof Error ? err.message : String(err)}\n`)
    return 1
  }
}
