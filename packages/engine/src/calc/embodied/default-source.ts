/**
 * The source of a module computed from a methodology default (RICS/IStructE tables): the
 * methodology profile's id, a cell reference naming the standard, its edition and the table and
 * row used, and the data version of the calculation — so every module value, published or
 * default, carries a `source` (service-api: each value carries its source and data version).
 */
import type { SourceRefOut } from '../common-schema.ts'
import type { DefaultRef } from './schema.ts'
import type { MethodologyProfile } from './profiles.ts'

export function defaultSource(profile: MethodologyProfile, ref: DefaultRef, dataVersion: string | undefined): SourceRefOut {
  return {
    id: profile.id,
    cell_ref: `${profile.title} [${profile.version}], table "${ref.table}", row "${ref.row}": ${ref.cite}`,
    title: profile.title,
    ...(dataVersion ? { data_version: dataVersion } : {}),
  }
}
