/**
 * Delivery-time check of a webhook URL on Node: resolves its host and refuses it when any address
 * is private (see address.ts), so a public name that points inside (or is re-pointed) is not called.
 */
import { lookup } from 'node:dns/promises'
import { isPrivateAddress, webhookUrlRefusal } from './address.ts'

export async function publicUrlCheck(url: string): Promise<string | null> {
  const literal = webhookUrlRefusal(url)
  if (literal) return literal
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  try {
    const addresses = await lookup(host, { all: true })
    const inside = addresses.find((a) => isPrivateAddress(a.address))
    return inside ? `${host} resolves to ${inside.address}, a private address` : null
  } catch {
    return null // not resolvable: the delivery fails on its own and is retried
  }
}
