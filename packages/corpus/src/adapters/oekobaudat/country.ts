/**
 * The country of an ÖKOBAUDAT dataset, from the file's `Laenderkennung`: ISO alpha-2 codes
 * lower-cased; EU-27, EU-25 and the European regions RER (Europe) and WEU (Western Europe) ->
 * `eu` (the nearest area the schema has; the publisher's code is kept in a tag); GLO -> `glo`.
 * An empty cell is the publisher's own scope, Germany (`de`), said in a tag.
 */
export function countryOf(text: string): { code: string; note?: string } {
  const t = text.trim().toUpperCase()
  if (/^[A-Z]{2}$/.test(t)) return { code: t.toLowerCase() }
  if (t === 'GLO') return { code: 'glo' }
  if (/^(EU-\d+|RER|WEU)$/.test(t)) return { code: 'eu', note: `Laenderkennung ${t}` }
  return { code: 'de', note: 'Laenderkennung not published (ÖKOBAUDAT, Germany)' }
}
