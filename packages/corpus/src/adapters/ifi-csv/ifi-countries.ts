/**
 * Countries of the IFI harmonised grid-factor list. The CSV names places, not codes, in the
 * UNFCCC spelling (`Bolivia, Plurinational State of`, `Anguilla (U.K.)`, `Vanatu`); most resolve
 * through the ISO 3166 table once a parenthetical sovereign is dropped. The rest are spelled out
 * here. Islands that are part of a country but have their own grid factor (Azores, Madeira,
 * Canary Islands) keep the country and name the island group in `region`; the Channel Islands
 * (Crown Dependencies listed by IFI as "(U.K)") have no single ISO code, so they sit under `gb`
 * with region `channel_islands`.
 */
import { toIso2 } from '../../keys/countries.ts'

export interface IfiPlace {
  country: string
  region: string | null
}

const SPECIAL: Record<string, IfiPlace> = {
  'memo: eu 27': { country: 'eu', region: null },
  'azores (portugal)': { country: 'pt', region: 'azores' },
  'madeira (portugal)': { country: 'pt', region: 'madeira' },
  'canary islands (spain)': { country: 'es', region: 'canary_islands' },
  'channel islands (u.k)': { country: 'gb', region: 'channel_islands' },
  'china (prc and hong kong)': { country: 'cn', region: null },
  'taiwan (chinese taipei)': { country: 'tw', region: null },
  'bonaire (netherland)': { country: 'bq', region: null },
  'curacao/netherlands antilles': { country: 'cw', region: null },
  'palestinian authority': { country: 'ps', region: null },
  'vanatu': { country: 'vu', region: null },
  'saint helena (u.k.)': { country: 'sh', region: null },
  'saint vincent and grenadines': { country: 'vc', region: null },
  'sao tomé & principe': { country: 'st', region: null },
  'slovak republic': { country: 'sk', region: null },
  'sint martin (netherlands)': { country: 'sx', region: null },
  'saint martin (france)': { country: 'mf', region: null },
  'congo, democratic republic of': { country: 'cd', region: null },
  'congo, republic of': { country: 'cg', region: null },
  "korea (north), democratic people's republic of": { country: 'kp', region: null },
  'korea (south), republic of': { country: 'kr', region: null },
}

/** Place of an IFI country label, or null when it names nothing we know. */
export function placeOfIfiName(label: string): IfiPlace | null {
  const norm = label.replace(/\s+/g, ' ').trim()
  const special = SPECIAL[norm.toLowerCase()]
  if (special) return special
  const candidates = [norm, norm.replace(/\s*\([^)]*\)\s*$/, ''), norm.replace(/,.*$/, '')]
  for (const c of candidates) {
    const iso = c ? toIso2(c) : null
    if (iso && iso !== 'glo') return { country: iso, region: null }
  }
  return null
}
