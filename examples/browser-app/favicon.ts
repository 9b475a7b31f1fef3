/**
 * The page's icon, emitted by the build: `favicon.svg` (linked from index.html) and
 * `favicon.ico` (what browsers and crawlers ask for at the root without a link): a 32×32 PNG in
 * an ICO container, drawn here (a green leaf-coloured square with a white "f"-like bar) so no
 * binary file is kept in the repository.
 */
import { crc32, deflateSync } from 'node:zlib'

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2f6b45"/><path d="M11 26V10a4 4 0 0 1 4-4h6M8 15h11" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round"/></svg>`

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

function png(size: number): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let x = 0; x < size; x++) {
      const bar = (x >= 10 && x <= 13 && y >= 6 && y <= 26) || (y >= 14 && y <= 17 && x >= 7 && x <= 20) || (y >= 6 && y <= 9 && x >= 10 && x <= 22)
      const [r, g, b] = bar ? [255, 255, 255] : [0x2f, 0x6b, 0x45]
      row.set([r, g, b, 255], 1 + x * 4)
    }
    rows.push(row)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

export function faviconIco(size = 32): Buffer {
  const image = png(size)
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.set([size, size, 0, 0], 6)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(image.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, image])
}
