/**
 * Webhook signatures: `OpenFactors-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * keyed with the subscription's secret. Receivers recompute it and reject old timestamps.
 */
export const SIGNATURE_HEADER = 'OpenFactors-Signature'

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('')
}

export async function signPayload(secret: string, body: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000)
  return `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`
}

/** Verify a signature header; `toleranceSeconds` bounds replay of old deliveries. */
export async function verifySignature(secret: string, body: string, header: string, now: Date, toleranceSeconds = 300): Promise<boolean> {
  const parts = new Map(header.split(',').map((p) => p.trim().split('=') as [string, string]))
  const t = Number(parts.get('t'))
  const v1 = parts.get('v1')
  if (!Number.isInteger(t) || !v1) return false
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false
  const expected = await hmacHex(secret, `${t}.${body}`)
  if (expected.length !== v1.length) return false
  let diff = 0
  for (let i = 0; i < expected.length; i += 1) diff |= expected.charCodeAt(i) ^ v1.charCodeAt(i)
  return diff === 0
}
