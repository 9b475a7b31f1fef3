/** `openfactors lookup KEY`: one factor with its value, unit and source cell. */
import { localEngine } from '../local.ts'
import { flag, releasesDir, type Args, type Io } from '../main.ts'

export function runLookup(args: Args, io: Io): number {
  const key = args.positional[0]
  if (!key) {
    io.err('openfactors lookup: give a factor key, e.g. openfactors lookup fuels.gb.some_fuel.litres\n')
    return 1
  }
  const { engine } = localEngine(releasesDir(args))
  const asOf = flag(args, 'as-of')
  const res = engine.lookup(key, asOf ? { as_of: asOf } : {})
  if (args.flags.has('json')) {
    io.out(`${JSON.stringify(res, null, 2)}\n`)
    return 0
  }
  const f = res.factor
  io.out(`${f.key}\n  ${f.factor.value} ${f.factor.unit} — ${f.name}\n  scope ${f.scope ?? 'none'}; source ${f.source.id} ${f.source.cell_ref} (${f.source.title}, data version ${f.source.data_version})\n  licence ${f.source.license.spdx ?? f.source.license.name}; ${f.source.attribution}\n`)
  return 0
}
