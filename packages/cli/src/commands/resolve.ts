/** `openfactors resolve "<text>"`: ranked factor keys with confidence, decision and source cell. */
import { localEngine } from '../local.ts'
import { flag, releasesDir, type Args, type Io } from '../main.ts'

export function runResolve(args: Args, io: Io): number {
  const description = args.positional.join(' ').trim()
  if (!description) {
    io.err('openfactors resolve: give a description, e.g. openfactors resolve "diesel for vans" --unit litres\n')
    return 1
  }
  const { engine } = localEngine(releasesDir(args))
  const limit = flag(args, 'limit')
  const res = engine.resolve({
    description,
    ...(flag(args, 'unit') ? { unit: flag(args, 'unit') } : {}),
    ...(flag(args, 'country') ? { country: flag(args, 'country') } : {}),
    ...(flag(args, 'as-of') ? { as_of: flag(args, 'as-of') } : {}),
    ...(limit ? { limit: Number(limit) } : {}),
  })
  if (args.flags.has('json')) {
    io.out(`${JSON.stringify(res, null, 2)}\n`)
    return 0
  }
  if (res.matches.length === 0) {
    io.out(`No factor matches "${description}" (data version ${res.data_version}).\n`)
    return 1
  }
  io.out(`Data version ${res.data_version}\n`)
  res.matches.forEach((m, i) => {
    io.out(`${i + 1}. ${m.key}\n   ${m.value} ${m.unit} — ${m.name}\n   confidence ${m.confidence} (${m.decision}), geo ${m.geo_match}, unit ${m.unit_match}; source ${m.source.id} ${m.source.cell_ref}\n`)
  })
  return 0
}
