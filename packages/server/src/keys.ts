/**
 * API keys: `of_live_` + 32 random bytes in base64url. Only the sha256 of a key is stored (with
 * a short prefix for display); the stored hash is compared in constant time. Web Crypto only.
 */

export const KEY_PREFIX = 'of_live_'
const KEY_PATTERN = /^of_live_[A-Za-z0-9_-]{43}$/
/** Characters of the key kept for display (`of_live_` plus 4). */
const DISPLAY_CHARS = KEY_PREFIX.length + 4

function base64url(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function randomHex(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes))
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')
}

export async function sha256HexOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export interface IssuedKey {
  /** The key itself: returned to the caller once, never stored. */
  secret: string
  id: string
  hash: string
  prefix: string
}

export async function issueKey(): Promise<IssuedKey> {
  const secret = KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)))
  return { secret, id: `key_${randomHex(8)}`, hash: await sha256HexOf(secret), prefix: secret.slice(0, DISPLAY_CHARS) }
}

/** True when the text has the shape of a key (checked before hashing, to fail fast). */
export function looksLikeKey(text: string): boolean {
  return KEY_PATTERN.test(text)
}

/** Compare two equal-length strings without an early exit. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** `Authorization: Bearer <key>` -> the key, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}
