/**
 * Webhook targets must be public: URLs on loopback, private (RFC 1918, ULA), link-local, CGNAT,
 * unspecified or cloud-metadata addresses are refused, by literal IP and by well-known names at
 * subscription, and by resolved address at delivery (`OPENFACTORS_ALLOW_PRIVATE_WEBHOOKS` allows
 * them for development and tests). Pure: no DNS here; the Node side resolves and asks `isPrivateAddress`.
 */

function ipv4Parts(ip: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((p) => p <= 255) ? parts : null
}

function privateV4([a = 0, b = 0]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || (a === 198 && (b === 18 || b === 19)) || a >= 224
}

/** True for an IP literal (v4 or v6, brackets allowed) that is not a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase()
  const v4 = ipv4Parts(ip)
  if (v4) return privateV4(v4)
  if (!ip.includes(':')) return false
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(ip)
  if (mapped?.[1]) {
    const inner = ipv4Parts(mapped[1])
    return inner ? privateV4(inner) : true
  }
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip)
  if (hexMapped) {
    const hi = parseInt(hexMapped[1] ?? '0', 16)
    const lo = parseInt(hexMapped[2] ?? '0', 16)
    return privateV4([hi >> 8, hi & 255, lo >> 8, lo & 255])
  }
  if (ip === '::' || ip === '::1') return true
  const first = parseInt(ip.split(':')[0] || '0', 16)
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast, fec0::/10 site-local.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00 || (first & 0xffc0) === 0xfec0
}

const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$|^metadata(\.google\.internal)?$|^instance-data$/i

/** Why a webhook URL may not be used (a reason), or null when its host looks public. */
export function webhookUrlRefusal(url: string): string | null {
  let host: string
  try {
    host = new URL(url).hostname
  } catch {
    return 'not a valid URL'
  }
  const bare = host.replace(/\.$/, '')
  if (bare === '' || PRIVATE_NAMES.test(bare)) return `host ${bare || '(empty)'} is a local or internal name`
  if (isPrivateAddress(bare)) return `address ${bare} is loopback, private, link-local or metadata`
  // Shorthand IPv4 forms (`127.1`, `2130706433`, `0x7f.1`) are normalised by URL to dotted quads, so
  // they are caught above; a bare number host that URL left alone is refused as well.
  if (/^[0-9.]+$/.test(bare) || /^0x/i.test(bare)) return `host ${bare} is not a public name`
  return null
}
