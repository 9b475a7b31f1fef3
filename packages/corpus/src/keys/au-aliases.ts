/**
 * NGA row labels that an edition words differently from 2022–2025 for the same published
 * factor (same fuel or vehicle class, same scope, same basis). Each alias reads the label on
 * the left as the label on the right before the key is built, only in the editions named and
 * only in tables of one topic (`prefix` from `adapters/nga/topics.ts`). Values always come
 * from the edition's own cells; nothing here is a number.
 *
 * Left distinct on purpose (2021 publishes a different thing, so a different key is right):
 * - `General transport` gasoline, diesel, LPG, ethanol, biodiesel, fuel oil, other biofuels and
 *   all `Post-2004 vehicles` rows: 2022 has one `Cars and light commercial vehicles` class that
 *   takes post-2004 CH4/N2O for some fuels and general-transport values for others.
 * - `Industrial materials and tyres ...` (2021, one row) vs 2022's three rows (materials,
 *   passenger car tyres, truck tyres): 2022 split the class.
 * - 2021's Table 5 `Northern Territory` (0.57) vs 2022's `DKIS` grid rows.
 */
import { slugify } from './slug.ts'

export interface AuLabel {
  /** Group heading above the row (transport equipment type), '' when none. */
  group: string
  label: string
}

export interface AuLabelAlias {
  editions: readonly number[]
  /** Topic prefix of the table the alias applies to (`solid`, `liquid`, `transport`). */
  prefix: string
  from: AuLabel
  to: AuLabel
}

const y2021 = [2021] as const
const row = (label: string, group = ''): AuLabel => ({ group, label })
const GENERAL = 'General transport'
const EURO = 'Heavy vehicles conforming to Euro design standards'

export const AU_LABEL_ALIASES: readonly AuLabelAlias[] = [
  // Table 1 / Table 42 (2021): 2022 adds the other name in brackets.
  { editions: y2021, prefix: 'solid', from: row('Brown coal'), to: row('Brown coal (lignite)') },
  // Table 3 / Table 45 (2021) -> Table 6 (2022) wording of the same fuels.
  { editions: y2021, prefix: 'liquid', from: row('Petroleum based oils (other than petroleum based oil used as fuel), eg lubricants'), to: row('Petroleum based oils (other than petroleum based oil used as fuel), e.g. lubricants') },
  { editions: y2021, prefix: 'liquid', from: row('Gasoline (other than for use as fuel in an aircraft)'), to: row('Automotive gasoline/petrol (other than for use as fuel in an aircraft)') },
  { editions: y2021, prefix: 'liquid', from: row('Gasoline for use as fuel in an aircraft (avgas)'), to: row('Aviation gasoline') },
  { editions: y2021, prefix: 'liquid', from: row('Gasoline for use as fuel in an aircraft (aviation gasoline)'), to: row('Aviation gasoline') },
  { editions: y2021, prefix: 'liquid', from: row('Kerosene for use as fuel in an aircraft (aviation turbine fuel)'), to: row('Aviation turbine fuel/kerosene') },
  { editions: y2021, prefix: 'liquid', from: row('Liquefied petroleum gas'), to: row('Liquefied petroleum gas (LPG)') },
  { editions: y2021, prefix: 'liquid', from: row('Solvents if mineral turpentine or white spirits'), to: row('Solvents: mineral turpentine or white spirits') },
  { editions: y2021, prefix: 'liquid', from: row('Petroleum based products other than mentioned in items above'), to: row('Petroleum based products other than mentioned in the items above') },
  // Table 4 (2021) -> Table 7 (2022): the vehicle class moved from the label into the group.
  { editions: y2021, prefix: 'transport', from: row('Gasoline for use as fuel in an aircraft', GENERAL), to: row('Gasoline for use as fuel in an aircraft', 'Aviation') },
  { editions: y2021, prefix: 'transport', from: row('Kerosene for use as fuel in an aircraft', GENERAL), to: row('Kerosene for use as fuel in an aircraft', 'Aviation') },
  { editions: y2021, prefix: 'transport', from: row('Compressed natural gas that has converted to standard conditions (light duty vehicles)', GENERAL), to: row('Compressed natural gas', 'Light duty vehicles') },
  { editions: y2021, prefix: 'transport', from: row('Compressed natural gas that has converted to standard conditions (heavy duty vehicles)', GENERAL), to: row('Compressed natural gas', 'Heavy duty vehicles') },
  { editions: y2021, prefix: 'transport', from: row('Liquefied natural gas (light duty vehicles)', GENERAL), to: row('Liquefied natural gas', 'Light duty vehicles') },
  { editions: y2021, prefix: 'transport', from: row('Liquefied natural gas (heavy duty vehicles)', GENERAL), to: row('Liquefied natural gas', 'Heavy duty vehicles') },
  { editions: y2021, prefix: 'transport', from: row('Euro iv or higher - Diesel oil', EURO), to: row('Diesel oil - Euro iv or higher', 'Heavy duty vehicles') },
  { editions: y2021, prefix: 'transport', from: row('Euro iii - Diesel oil', EURO), to: row('Diesel oil - Euro iii', 'Heavy duty vehicles') },
  { editions: y2021, prefix: 'transport', from: row('Euro i - Diesel oil', EURO), to: row('Diesel oil - Euro i', 'Heavy duty vehicles') },
]

/** Labels compare by their full slug: case, spacing and punctuation never decide a match. */
const same = (a: string, b: string): boolean => slugify(a, Number.MAX_SAFE_INTEGER) === slugify(b, Number.MAX_SAFE_INTEGER)

/** The label a row is keyed by: its alias target in this edition and table topic, or itself. */
export function canonicalAuLabel(edition: number | null, prefix: string, label: AuLabel, aliases: readonly AuLabelAlias[] = AU_LABEL_ALIASES): AuLabel {
  if (edition === null) return label
  const hit = aliases.find((a) => a.prefix === prefix && a.editions.includes(edition) && same(a.from.group, label.group) && same(a.from.label, label.label))
  return hit ? { ...hit.to } : label
}
