/**
 * Australian states, territories and grids as they are written in NGA row labels
 * (`New South Wales and Australian Capital Territory`, `Western Australia - South West
 * Interconnected System (SWIS)`, `NSW and ACT`), mapped to one stable subject and region.
 */
export interface AuRegion {
  subject: string
  /** The row's `region` field (state), null for national figures. */
  region: string | null
  tags: string[]
}

const RULES: { test: RegExp; region: AuRegion }[] = [
  { test: /\bNEM\b|national electricity market/i, region: { subject: 'nem', region: null, tags: ['NEM'] } },
  { test: /\bSWIS\b|south.?west interconnected/i, region: { subject: 'wa_swis', region: 'wa', tags: ['WA', 'SWIS'] } },
  { test: /\bNWIS\b|north.?western interconnected/i, region: { subject: 'wa_nwis', region: 'wa', tags: ['WA', 'NWIS'] } },
  { test: /\bDKIS\b|darwin/i, region: { subject: 'nt_dkis', region: 'nt', tags: ['NT', 'DKIS'] } },
  { test: /^(new south wales|nsw)\b.*\b(act|australian capital territory)\b/i, region: { subject: 'nsw_act', region: 'nsw', tags: ['NSW', 'ACT'] } },
  { test: /^(new south wales|nsw)\b/i, region: { subject: 'nsw', region: 'nsw', tags: ['NSW'] } },
  { test: /^(australian capital territory|act)\b/i, region: { subject: 'act', region: 'act', tags: ['ACT'] } },
  { test: /^(victoria|vic)\b/i, region: { subject: 'vic', region: 'vic', tags: ['VIC'] } },
  { test: /^(queensland|qld)\b/i, region: { subject: 'qld', region: 'qld', tags: ['QLD'] } },
  { test: /^(south australia|sa)\b/i, region: { subject: 'sa', region: 'sa', tags: ['SA'] } },
  { test: /^(western australia|wa)\b/i, region: { subject: 'wa', region: 'wa', tags: ['WA'] } },
  { test: /^(tasmania|tas)\b/i, region: { subject: 'tas', region: 'tas', tags: ['TAS'] } },
  { test: /^(northern territory|nt)\b/i, region: { subject: 'nt', region: 'nt', tags: ['NT'] } },
  { test: /^(national|australia)\b/i, region: { subject: 'national', region: null, tags: ['Australia'] } },
  { test: /^off.?grid/i, region: { subject: 'off_grid', region: null, tags: ['off-grid'] } },
]

export function auRegion(label: string): AuRegion | null {
  const t = label.replace(/\s+/g, ' ').trim()
  return RULES.find((r) => r.test.test(t))?.region ?? null
}
