/**
 * Key segments are built from the row's own labels, so the same label gives the same key in
 * every edition. Rules (docs/decisions.md §1): NFKD, strip accents, `&`->`and`, `%`->`pct`, `+`->`plus`,
 * any run of other characters -> `_`, trim `_`, lower case. Long segments are cut and carry a
 * short stable hash of the full text so two long labels never collide after cutting.
 */

export const MAX_SEGMENT_LENGTH = 80

/** Slugify one key segment: `"Diesel (average biofuel blend)"` -> `diesel_average_biofuel_blend`. */
export function slugify(text: string, maxLength = MAX_SEGMENT_LENGTH): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/%/g, ' pct ')
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  if (base.length <= maxLength) return base
  const hash = shortHash(base)
  const cut = base.slice(0, maxLength - hash.length - 1).replace(/_+$/, '')
  return `${cut}_${hash}`
}

/** Slugify several labels and join them with `_`, dropping empty ones. */
export function slugJoin(parts: readonly (string | null | undefined)[], maxLength = MAX_SEGMENT_LENGTH): string {
  const joined = parts
    .map((p) => (p == null ? '' : slugify(p, Number.MAX_SAFE_INTEGER)))
    .filter((p) => p !== '')
    .join('_')
  return slugify(joined, maxLength)
}

/** Build a key from four already-slugged or raw segments; throws when a segment is empty. */
export function makeKey(domain: string, country: string, subject: string, method: string): string {
  const segs = [domain, country, subject, method].map((s) => slugify(s))
  const empty = segs.findIndex((s) => s === '')
  if (empty >= 0) throw new Error(`key segment ${empty + 1} is empty for ${JSON.stringify([domain, country, subject, method])}`)
  return segs.join('.')
}

/**
 * 8 hex chars of FNV-1a (32-bit) over the UTF-16 code units: stable across runtimes and
 * needs no crypto module. Collisions only matter among labels sharing a 71-char prefix.
 */
export function shortHash(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}
