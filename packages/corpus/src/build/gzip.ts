/**
 * Deterministic gzip: level 9, header mtime 0 (Node writes 0) and the OS byte fixed to 255
 * ("unknown"), so the same JSON gives the same bytes on any machine and any day.
 */
import { createHash } from 'node:crypto'
import { constants, gunzipSync, gzipSync } from 'node:zlib'

export function deterministicGzip(data: Uint8Array | string): Buffer {
  const gz = gzipSync(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, {
    level: 9,
    memLevel: 9,
    strategy: constants.Z_DEFAULT_STRATEGY,
  })
  // Header: ID1 ID2 CM FLG MTIME(4) XFL OS.
  gz.writeUInt32LE(0, 4)
  gz[9] = 255
  return gz
}

export function gunzipText(data: Uint8Array): string {
  return gunzipSync(data).toString('utf8')
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex')
}
