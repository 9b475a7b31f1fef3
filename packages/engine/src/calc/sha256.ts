/**
 * SHA-256 over the UTF-8 bytes of a string, synchronous: receipts must be computable in every
 * runtime the engine runs in (Node, a browser Worker) without `crypto.subtle` (async) or
 * `node:crypto` (Node only). The hash itself is `@noble/hashes` (audited, dependency-free,
 * synchronous, plain JS), not code of ours.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** Lower-case hex sha256 of the UTF-8 encoding of `text`. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)))
}
