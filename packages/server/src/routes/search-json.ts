/**
 * A search answer as the UTF-8 bytes of `JSON.stringify(answer)`, with each factor's part
 * serialised once per data version and kept (a release never changes while loaded): a call then
 * copies ten kept parts instead of serialising and encoding ten factors (the HTTP overhead
 * profile, docs/benchmarks.md). Only the parts are kept, never a whole answer. The oldest of
 * `size` parts is dropped first. Web-standard: no Node API.
 */
import type { Factor, SearchResponse } from '@openfactors/engine'

const utf8 = new TextEncoder()

export function searchJson(size = 8_192): (answer: SearchResponse) => Uint8Array<ArrayBuffer> {
  const parts = new Map<string, Uint8Array<ArrayBuffer>>()
  const partOf = (version: string, factor: Factor): Uint8Array<ArrayBuffer> => {
    const id = `${version}\u0000${factor.key}`
    let bytes = parts.get(id)
    if (bytes === undefined) {
      bytes = utf8.encode(JSON.stringify(factor))
      if (parts.size >= size) parts.delete(parts.keys().next().value ?? '')
      parts.set(id, bytes)
    }
    return bytes
  }
  return (answer) => {
    // JSON text and kept parts in order; the text between two parts is encoded into the answer's bytes.
    const chunks: Array<string | Uint8Array<ArrayBuffer>> = []
    let text = '{'
    let bound = 0
    let first = true
    const flush = () => {
      chunks.push(text)
      bound += text.length * 3
      text = ''
    }
    for (const [name, value] of Object.entries(answer)) {
      if (value === undefined) continue
      text += `${first ? '' : ','}${JSON.stringify(name)}:`
      first = false
      if (name !== 'factors') {
        text += JSON.stringify(value)
        continue
      }
      text += '['
      for (let i = 0; i < answer.factors.length; i++) {
        if (i > 0) text += ','
        flush()
        const part = partOf(answer.data_version, answer.factors[i] as Factor)
        chunks.push(part)
        bound += part.byteLength
      }
      text += ']'
    }
    text += '}'
    flush()
    // At most 3 bytes per UTF-16 unit of text; the answer is the bytes written.
    const out = new Uint8Array(bound)
    let at = 0
    for (const chunk of chunks) {
      if (typeof chunk === 'string') {
        at += utf8.encodeInto(chunk, out.subarray(at)).written
      } else {
        out.set(chunk, at)
        at += chunk.byteLength
      }
    }
    return out.subarray(0, at)
  }
}
